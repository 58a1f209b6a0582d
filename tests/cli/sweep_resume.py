#!/usr/bin/env python3
"""A sweep killed with SIGKILL resumes with 0 lost and 0 duplicated points (issue 15).

Runs tests/cli/data/resume_sweep.yaml (300 compare-study points) once uninterrupted
(the reference), then again into a fresh store under a pseudo-terminal, reads
its progress line ("[done/total] ...", printed after each point's commit) and
kills it with SIGKILL once 1 <= done < total. The killed run's store must hold
only points of the reference, with the same values, and at least `done` of
them; the re-run must report exactly those as cached, run the rest, and end
with a store equal to the reference point for point (same keys, same metric
values, no duplicates) and the same sweep.csv rows. A kill that lands before
the first or after the last point is still checked the same way; the test
then tries again (up to --tries) to land one mid-run.

usage: sweep_resume.py LUTSIM [--tries N] [--scratch DIR]
"""
import argparse
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from sweep_stores import csv_rows, store_points

SWEEP = "tests/cli/data/resume_sweep.yaml"
TOTAL = 300
PROGRESS = re.compile(rb"\[(\d+)/(\d+)\] cached (\d+)")


def sweep(lutsim, out, extra=()):
    return [lutsim, "sweep", SWEEP, "--out", out, *extra]


def run_and_kill(lutsim, out):
    """Runs the sweep under a pseudo-terminal and SIGKILLs it once its progress
    line says 1 <= done < total; returns (done seen at the kill or None, status)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(lutsim, sweep(lutsim, out))
    seen, buf, deadline = None, b"", time.monotonic() + 300
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break  # the child closed the terminal: it ended
            if not chunk:
                break
            buf += chunk
            done = [int(m.group(1)) for m in PROGRESS.finditer(buf)]
            if done and 1 <= done[-1] < TOTAL:
                seen = done[-1]
                os.kill(pid, signal.SIGKILL)
                break
            buf = buf[-200:]
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return seen, status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lutsim")
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--scratch", default=None)
    args = parser.parse_args()
    scratch = args.scratch or tempfile.mkdtemp(prefix="lutsim_sweep_resume_")
    lutsim = os.path.abspath(args.lutsim)

    ref_out = os.path.join(scratch, "reference")
    shutil.rmtree(ref_out, ignore_errors=True)
    subprocess.run(sweep(lutsim, ref_out), check=True, capture_output=True)
    reference = store_points(os.path.join(ref_out, "sweep.sqlite"))
    assert len(reference) == TOTAL, f"reference store has {len(reference)} points, not {TOTAL}"

    landed_mid_run = False
    for attempt in range(1, args.tries + 1):
        out = os.path.join(scratch, f"killed_{attempt}")
        shutil.rmtree(out, ignore_errors=True)
        seen, status = run_and_kill(lutsim, out)
        store = os.path.join(out, "sweep.sqlite")
        killed = store_points(store) if os.path.exists(store) else {}
        for key, value in killed.items():
            assert key in reference, f"killed run stored {key}, which the reference lacks"
            assert value == reference[key], f"point {key} differs from the reference"
        if seen is not None:
            assert os.WIFSIGNALED(status), "the run was not killed"
            assert len(killed) >= seen, f"progress said {seen} done, the store has {len(killed)}"
        resumed = subprocess.run(sweep(lutsim, out), check=True, capture_output=True, text=True)
        expected = f"sweep: {TOTAL} points, {len(killed)} cached in {store}, " \
                   f"{TOTAL - len(killed)} run in"
        assert expected in resumed.stderr, f"expected '{expected}' in: {resumed.stderr}"
        assert store_points(store) == reference, "the resumed store differs from the reference"
        assert csv_rows(os.path.join(out, "sweep.csv")) == \
            csv_rows(os.path.join(ref_out, "sweep.csv")), "sweep.csv rows differ"
        print(f"try {attempt}: killed after {seen} of {TOTAL} points reported, "
              f"{len(killed)} stored; the re-run ran {TOTAL - len(killed)}")
        if seen is not None and len(killed) < TOTAL:
            landed_mid_run = True
            break
    if not args.scratch:
        shutil.rmtree(scratch, ignore_errors=True)
    if not landed_mid_run:
        print(f"no kill landed between the first and the last point in {args.tries} tries",
              file=sys.stderr)
        return 1
    print("resume: 0 points lost, 0 duplicated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
