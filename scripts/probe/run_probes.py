#!/usr/bin/python3
"""Issue 16's probe set, rebuilt: runs lutsim on bad, extreme and valid inputs
and judges each run by the rules of verdict.py (README.md).

usage: run_probes.py [--lutsim build/cli/lutsim] [--out results/probes] [--jobs 2]
                     [--timeout 60] [--mutants 1600] [--seed 16] [--fast] [--only REGEX]
Writes <out>/probes.json (every probe) and <out>/summary.txt (counts per
verdict, then every probe whose verdict is a failure), each atomically.
Exit status 1 when any probe's verdict is a failure, else 0.
"""
import argparse
import concurrent.futures
import dataclasses
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import baselines  # noqa: E402
import consistency  # noqa: E402
import issue_cases  # noqa: E402
import mutants  # noqa: E402
import option_sweep  # noqa: E402
import runner  # noqa: E402
import verdict  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
_EXCERPT = 600


def all_probes(args):
    repo = str(REPO)
    probes = (issue_cases.cases(repo) + option_sweep.probes() + baselines.probes(repo) +
              mutants.probes(repo, args.mutants, args.seed))
    if args.fast:
        probes = [p for p in probes if p.fast]
    if args.only:
        probes = [p for p in probes if re.search(args.only, p.id)]
    return probes


def _excerpt(text):
    return text if len(text) <= 2 * _EXCERPT else text[:_EXCERPT] + "\n[...]\n" + text[-_EXCERPT:]


def _run_in_sandbox(probe, args, extra=()):
    root = Path(tempfile.mkdtemp(prefix="probe_", dir=args.scratch))
    try:
        return runner.run(probe, args.lutsim, REPO, root, args.timeout, extra)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_one(probe, args):
    result = _run_in_sandbox(probe, args)
    outcome, reasons = verdict.judge(probe, result)
    wall = result.wall_s
    if probe.twin and outcome == verdict.OK:
        as_json = dataclasses.replace(probe, argv=probe.argv + ["--json"])
        twin = _run_in_sandbox(as_json, args)
        wall += twin.wall_s
        outcome, reasons = verdict.judge(as_json, twin)
        if outcome == verdict.OK:
            reasons = consistency.problems(probe.twin, result.stdout, twin.stdout)
            outcome = verdict.WRONG_OUTPUT if reasons else verdict.OK
    return {"id": probe.id, "group": probe.group, "verdict": outcome, "reasons": reasons,
            "command": "lutsim " + shlex.join(result.argv) +
                       (f" > {probe.stdout_to}" if probe.stdout_to else ""),
            "expect": probe.expect, "origin": probe.origin, "exit": result.returncode,
            "wall_s": round(wall, 3), "stdout": _excerpt(result.stdout),
            "stderr": _excerpt(result.stderr)}


def _write_atomically(path, text):
    tmp = path.with_name(path.name + f".tmp.{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def summary_text(records, args, wall_s):
    counts = {v: 0 for v in verdict.ALL}
    groups = {}
    for r in records:
        counts[r["verdict"]] += 1
        groups.setdefault(r["group"], {}).setdefault(r["verdict"], 0)
        groups[r["group"]][r["verdict"]] += 1
    lines = [f"lutsim probes (issue 16): {len(records)} probes in {wall_s:.0f} s, "
             f"timeout {args.timeout} s, {args.mutants} mutants (seed {args.seed})"
             f"{', fast subset' if args.fast else ''}", ""]
    lines += [f"  {v:16} {counts[v]}" for v in verdict.ALL]
    lines += ["", "per group:"]
    lines += [f"  {g:9} " + ", ".join(f"{v} {n}" for v, n in sorted(c.items()))
              for g, c in sorted(groups.items())]
    failed = [r for r in records if r["verdict"] in verdict.FAILURES]
    lines += ["", f"failures: {len(failed)}"]
    for r in failed:
        lines += [f"- [{r['verdict']}] {r['id']} (exit {r['exit']}, {r['wall_s']} s)",
                  f"    {r['command'][:400]}"]
        if r["origin"]:
            lines.append(f"    mutant of {r['origin']}")
        lines += [f"    {reason[:300]}" for reason in r["reasons"][:3]]
    return "\n".join(lines) + "\n"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lutsim", default=str(REPO / "build" / "cli" / "lutsim"))
    p.add_argument("--out", default=str(REPO / "results" / "probes"))
    p.add_argument("--scratch", default=None, help="sandbox parent (default: the system temp)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is a hang")
    p.add_argument("--mutants", type=int, default=1600)
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--fast", action="store_true", help="only the fast subset (CTest)")
    p.add_argument("--only", help="only probes whose id matches this regex")
    args = p.parse_args(argv)
    args.lutsim = os.path.abspath(args.lutsim)
    return args


def main(argv):
    args = parse_args(argv)
    probes = all_probes(args)
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        records = list(pool.map(lambda p: run_one(p, args), probes))
    wall_s = time.monotonic() - start
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    _write_atomically(out / "probes.json", json.dumps(
        {"lutsim": args.lutsim, "timeout_s": args.timeout, "mutants": args.mutants,
         "seed": args.seed, "fast": args.fast, "wall_s": round(wall_s, 1),
         "counts": {v: sum(r["verdict"] == v for r in records) for v in verdict.ALL},
         "probes": records}, indent=1) + "\n")
    text = summary_text(records, args, wall_s)
    _write_atomically(out / "summary.txt", text)
    print(text.split("\nfailures:")[0] + f"\nfailures: see {out / 'summary.txt'}"
          if len(text) > 4000 else text, end="")
    return 1 if any(r["verdict"] in verdict.FAILURES for r in records) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
