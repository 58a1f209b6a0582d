#!/usr/bin/env python3
"""A sweep under mpirun stores what a single process stores, point for point (issue 15).

Runs tests/cli/data/resume_sweep.yaml (300 points) in one process, then under
`mpirun -np 2` and `mpirun -np 3` (rank 0 keeps the store, the other ranks
run points handed out one at a time) into fresh stores, and checks that each
store equals the single-process one (same keys, revision, axis values,
resolved configs and metric values, no duplicates) and writes the same
sweep.csv rows; that a second mpirun run takes every point from the store;
and that a bad sweep under mpirun fails with its one error, without hanging.

usage: sweep_mpi.py LUTSIM MPIRUN [--scratch DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from sweep_stores import csv_rows, store_points

SWEEP = "tests/cli/data/resume_sweep.yaml"
TOTAL = 300


def mpirun(mpirun_path, ranks, args):
    env = dict(os.environ)
    if os.geteuid() == 0:  # Open MPI refuses root unless told
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    return subprocess.run([mpirun_path, "--oversubscribe", "-np", str(ranks), *args], env=env,
                          capture_output=True, text=True, timeout=300)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lutsim")
    parser.add_argument("mpirun")
    parser.add_argument("--scratch", default=None)
    args = parser.parse_args()
    scratch = args.scratch or tempfile.mkdtemp(prefix="lutsim_sweep_mpi_")
    lutsim = os.path.abspath(args.lutsim)

    single = os.path.join(scratch, "single")
    shutil.rmtree(single, ignore_errors=True)
    subprocess.run([lutsim, "sweep", SWEEP, "--out", single], check=True, capture_output=True)
    reference = store_points(os.path.join(single, "sweep.sqlite"))
    assert len(reference) == TOTAL, f"single-process store: {len(reference)} points"

    for ranks in (2, 3):
        out = os.path.join(scratch, f"np{ranks}")
        shutil.rmtree(out, ignore_errors=True)
        store = os.path.join(out, "sweep.sqlite")
        r = mpirun(args.mpirun, ranks, [lutsim, "sweep", SWEEP, "--out", out])
        assert r.returncode == 0, f"mpirun -np {ranks}: status {r.returncode}\n{r.stdout}{r.stderr}"
        assert f"sweep: {TOTAL} points, 0 cached in {store}, {TOTAL} run in" in r.stderr, r.stderr
        assert r.stdout.count(f"store {store}") == 1, "not one rank wrote the outputs"
        assert store_points(store) == reference, f"-np {ranks}: the store differs"
        assert csv_rows(os.path.join(out, "sweep.csv")) == \
            csv_rows(os.path.join(single, "sweep.csv")), f"-np {ranks}: sweep.csv rows differ"
        print(f"mpirun -np {ranks}: {TOTAL} points equal to the single-process store")

    again = mpirun(args.mpirun, 2, [lutsim, "sweep", SWEEP, "--out", os.path.join(scratch, "np2")])
    assert again.returncode == 0 and f"{TOTAL} cached" in again.stderr, again.stderr

    bad = mpirun(args.mpirun, 2, [lutsim, "sweep", "tests/cli/data/bad_axis_sweep.yaml", "--out",
                                  os.path.join(scratch, "bad")])
    assert bad.returncode != 0, "a bad sweep under mpirun succeeded"
    assert "sweep point: problem.m=0" in bad.stderr, bad.stderr
    assert not os.path.exists(os.path.join(scratch, "bad", "sweep.csv"))
    print("mpirun: a bad sweep fails with its error")

    if not args.scratch:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
