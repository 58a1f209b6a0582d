#!/usr/bin/env python3
"""Result folders under faults (issue 16 item 5).

Two concurrent runs into one --out, and a run killed (SIGKILL) at a random
moment: after each try the result folder must be absent, or complete and
self-consistent: exactly the files its manifest lists, of the listed sizes,
every JSON/CSV pair and every table from one run (the same resolved config).
Stale temporaries of killed runs must be gone after the next complete run.

usage: result_folder_faults.py LUTSIM [--tries N] [--scratch DIR]
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def run_args(lutsim, out, batch):
    return [lutsim, "model", "--hw", "a100_lut_4x", "--model", "llama2_7b", "--phase", "decode",
            "--batch", str(batch), "--kv-len", "512", "--wbits", "2", "--out", out]


def csv_config(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# config: "):
                return json.loads(line[len("# config: "):])
    raise AssertionError(f"{path}: no '# config:' line")


def check_folder(out, batches):
    """Raises AssertionError unless `out` is absent or one complete run."""
    if not os.path.exists(out):
        return "absent"
    with open(os.path.join(out, "lutsim_run.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    listed = {e["name"]: e["bytes"] for e in manifest["files"]}
    present = set(os.listdir(out)) - {"lutsim_run.json"}
    assert present == set(listed), f"files {sorted(present)} but manifest lists {sorted(listed)}"
    for name, size in listed.items():
        actual = os.path.getsize(os.path.join(out, name))
        assert actual == size, f"{name}: {actual} bytes, manifest says {size}"
    configs = []
    for name in listed:
        if name.endswith(".json"):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                config = json.load(f)["config"]
            assert csv_config(os.path.join(out, name[:-5] + ".csv")) == config, \
                f"{name} and its CSV come from different runs"
            configs.append(config)
    assert configs and all(c == configs[0] for c in configs), "tables from different runs"
    batch = configs[0]["workload"]["batch"]
    assert batch in batches, f"batch {batch} is from neither run {batches}"
    return f"batch {batch}"


def concurrent_try(lutsim, out):
    shutil.rmtree(out, ignore_errors=True)
    runs = [subprocess.Popen(run_args(lutsim, out, b), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE) for b in (4, 8)]
    for r in runs:
        _, err = r.communicate()
        assert r.returncode == 0, f"a concurrent run failed: {err.decode()}"
    return check_folder(out, (4, 8))


def kill_try(lutsim, out, run_seconds, rng):
    shutil.rmtree(out, ignore_errors=True)
    if rng.random() < 0.5:  # half the tries replace a previous complete run
        subprocess.run(run_args(lutsim, out, 4), check=True, stdout=subprocess.DEVNULL)
    victim = subprocess.Popen(run_args(lutsim, out, 8), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0.0, run_seconds * 1.2))
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    return check_folder(out, (4, 8))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lutsim")
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--scratch", default=None)
    args = parser.parse_args()
    scratch = args.scratch or tempfile.mkdtemp(prefix="lutsim_faults_")
    out = os.path.join(scratch, "out")
    rng = random.Random(16)

    start = time.monotonic()
    subprocess.run(run_args(args.lutsim, out, 4), check=True, stdout=subprocess.DEVNULL)
    run_seconds = time.monotonic() - start

    outcomes = {"concurrent": {}, "killed": {}}
    for i in range(args.tries):
        for kind, result in (("concurrent", concurrent_try(args.lutsim, out)),
                             ("killed", kill_try(args.lutsim, out, run_seconds, rng))):
            outcomes[kind][result] = outcomes[kind].get(result, 0) + 1
    # The killed runs' temporaries are cleaned by the next complete run.
    subprocess.run(run_args(args.lutsim, out, 4), check=True, stdout=subprocess.DEVNULL)
    stale = [n for n in os.listdir(scratch) if ".tmp." in n]
    assert not stale, f"stale temporaries left: {stale}"
    print(f"{args.tries} tries each, one run {run_seconds * 1000:.0f} ms; "
          f"every folder absent or complete and consistent: {outcomes}")
    if not args.scratch:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        sys.exit(f"FAILED: {e}")
