#!/usr/bin/env python3
"""What cuBLASLt ran per shape, from a lutsim_cublas_bench CSV that has the
`launches` column (validation/cublas/README.md, "What ran").

Prints one line per row: type, M, N, K, the queued median time, how many
kernels and memsets one call launched, and each kernel's name with its grid
and cluster; with --group, the rows grouped by that launch pattern (kernel
names with their grids left out), so a set's distinct kernels and the shapes
each ran are read at a glance. Standard library only (the GPU machine need not
have pandas).

Usage: validation/cublas/launch_summary.py FILE.csv [--dtype fp16] [--group]
"""
import argparse
import collections
import csv
import re
import sys


def read_rows(path):
    """The CSV's rows as dicts, '#' comment lines skipped."""
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines))
    if rows and "launches" not in rows[0]:
        raise SystemExit(f"{path}: no 'launches' column (written by lutsim_cublas_bench since "
                         "the launch capture; older files do not have it)")
    return rows


def parse_launches(text):
    """[(kind, name, fields)] of a launches field: kind 'kernel', 'memset' or 'other'."""
    out = []
    for entry in (e.strip() for e in text.split(" | ") if e.strip()):
        fields = dict(re.findall(r"(\w+)=(\S+)", entry))
        name = re.sub(r"\s+\w+=\S+", "", entry).strip()
        if entry.startswith("memset"):
            out.append(("memset", "memset", fields))
        elif "grid" in fields:
            out.append(("kernel", name, fields))
        else:
            out.append(("other", entry, fields))
    return out


def describe(launches):
    kernels = [l for l in launches if l[0] == "kernel"]
    memsets = [l for l in launches if l[0] == "memset"]
    parts = [f"{name} grid={f['grid']}" + (f" cluster={f['cluster']}" if "cluster" in f else "")
             for _, name, f in kernels]
    parts += [f"memset {f.get('bytes', '?')} B" for _, _, f in memsets]
    parts += [name for kind, name, _ in launches if kind == "other"]
    return len(kernels), len(memsets), parts


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--dtype", help="only rows of this type (fp16, bf16, int8, fp8_e4m3)")
    ap.add_argument("--group", action="store_true",
                    help="group the rows by the kernels they launched")
    a = ap.parse_args(argv)
    rows = [r for r in read_rows(a.csv) if not a.dtype or r["dtype"] == a.dtype]
    if not a.group:
        print("dtype     M      N      K      median [us]  kernels  memsets  launched")
        for r in rows:
            k, m, parts = describe(parse_launches(r["launches"]))
            print(f"{r['dtype']:8s} {r['m']:>6s} {r['n']:>6s} {r['k']:>6s} "
                  f"{float(r['median_us']):12.2f} {k:8d} {m:8d}  " + " | ".join(parts))
        return 0
    groups = collections.defaultdict(list)
    for r in rows:
        launches = parse_launches(r["launches"])
        key = tuple(name for _, name, _ in launches)
        groups[key].append(r)
    for key, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(members)} rows: " + " | ".join(key))
        for r in members:
            print(f"    {r['dtype']} M={r['m']} N={r['n']} K={r['k']} "
                  f"{float(r['median_us']):.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
