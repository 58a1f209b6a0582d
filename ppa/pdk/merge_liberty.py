#!/usr/bin/env python3
"""Merges several gzipped liberty files of one cell library into one liberty file.

yosys 0.23 `dfflibmap`/`abc` take exactly one -liberty, and ASAP7 ships its cells
in five files (SIMPLE, INVBUF, AO, OA, SEQ) that share one header. The merge
(see asap7/README.md and PPA_NOTES.md):
  1. the first file's header: everything of its library group before its first
     `cell` group (attributes, units, operating conditions, templates);
  2. the table templates (`lu_table_template`, `power_lut_template`) of the other
     files whose names the header does not have yet (SEQ's `delay_template_7x7`,
     `power_template_7x7`, `passive_power_template_7x1`);
  3. every `cell` group of every file, in file order;
  4. the closing brace of the library group.
Fails on a cell defined twice. The output is written through a temporary file,
so an interrupted build never leaves a partial library. Python standard library
only.

usage: merge_liberty.py --out <merged.lib> <first.lib.gz> <more.lib.gz>...
"""
import argparse
import gzip
import os
import re
import sys

GROUP_START = re.compile(r"^\s*(\w+)\s*\(\s*\"?([^\")]*)\"?\s*\)\s*\{")
TEMPLATE_KINDS = ("lu_table_template", "power_lut_template")


class LibertyError(Exception):
    pass


def brace_delta(line, state):
    """Net braces opened on the line outside strings and comments. state is
    [in_comment, in_string], carried from line to line (liberty strings and
    comments may span lines) and updated."""
    in_comment, in_string = state
    delta = 0
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if in_comment:
            end = line.find("*/", i)
            if end < 0:
                break
            in_comment = False
            i = end + 2
            continue
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith("/*", i):
            in_comment = True
            i += 2
            continue
        elif c == "{":
            delta += 1
        elif c == "}":
            delta -= 1
        i += 1
    state[0], state[1] = in_comment, in_string
    return delta


def split_library(path):
    """The file as a list of items: (None, None, [line]) for a line outside the
    library's groups, (kind, name, lines) for a group directly inside the library
    (a cell, a template, ...). The library's closing brace is left out."""
    with gzip.open(path, "rt", encoding="utf-8", errors="strict") as f:
        lines = f.readlines()
    items = []
    depth, state, current, closed = 0, [False, False], None, False
    for number, line in enumerate(lines, 1):
        if closed:
            if line.strip():
                raise LibertyError(f"{path}:{number}: text after the library group")
            continue
        before = depth
        if before == 1 and current is None:
            m = GROUP_START.match(line)
            if m:
                current = (m.group(1), m.group(2).strip(), [])
        delta = brace_delta(line, state)
        depth += delta
        if depth < 0:
            raise LibertyError(f"{path}:{number}: unbalanced '}}'")
        if current is not None:
            current[2].append(line)
            if depth == 1:
                items.append(current)
                current = None
        elif before == 1 and depth == 0:
            closed = True  # the library's closing brace
        else:
            items.append((None, None, [line]))
    if not closed or current is not None:
        raise LibertyError(f"{path}: unterminated library group")
    return items


def merge(paths):
    """The merged library's lines and its number of cells."""
    first = split_library(paths[0])
    kinds = [kind for kind, _, _ in first]
    if "cell" not in kinds:
        raise LibertyError(f"{paths[0]}: no cell groups")
    header_items = first[:kinds.index("cell")]
    header = [line for _, _, lines in header_items for line in lines]
    seen_templates = {(k, n) for k, n, _ in header_items if k in TEMPLATE_KINDS}
    extra_templates, cells, cell_names = [], [], {}
    for path in paths:
        for kind, name, lines in first if path == paths[0] else split_library(path):
            if kind == "cell":
                if name in cell_names:
                    raise LibertyError(f"cell {name} defined in {cell_names[name]} and {path}")
                cell_names[name] = path
                cells.extend(lines)
            elif kind in TEMPLATE_KINDS and (kind, name) not in seen_templates:
                seen_templates.add((kind, name))
                extra_templates.extend(lines)
    return header + extra_templates + cells + ["}\n"], len(cell_names)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("inputs", nargs="+", help="gzipped liberty files, the header's first")
    args = ap.parse_args()
    try:
        lines, ncells = merge(args.inputs)
    except (OSError, LibertyError, UnicodeDecodeError) as e:
        print(f"merge_liberty: {e}", file=sys.stderr)
        return 1
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.writelines(lines)
    os.replace(tmp, args.out)
    print(f"merge_liberty: {ncells} cells from {len(args.inputs)} files -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
