#!/usr/bin/env python3
"""The external tools of `lutsim ppa` die with lutsim, and so do the helpers
they start (issue 16, lesser items).

Starts a synthesis run on a fresh cache and waits until a tool lutsim started
has started a helper of its own (yosys runs yosys-abc). Each tool runs under a
keeper, the leader of the tool's process group. Then ends lutsim with SIGTERM
and SIGINT (lutsim's handler kills every tool's process group) and with SIGKILL
(no handler runs; the kernel signals the keeper through PR_SET_PDEATHSIG and
the keeper kills the group). Fails if any process of the group outlives
lutsim: keeper, tool or helper.

usage: tool_children_die.py LUTSIM
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def processes():
    """(pid, state, parent, group) of every process; fields of /proc/<pid>/stat."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                state, parent, group = f.read().rsplit(")", 1)[1].split()[:3]
        except OSError:
            continue
        found.append((int(entry), state, int(parent), int(group)))
    return found


def children_of(pid):
    return [p for p, _, parent, _ in processes() if parent == pid]


def group_members(group):
    return [p for p, state, _, g in processes() if g == group and state != "Z"]


def alive(pid):
    return any(p == pid and state != "Z" for p, state, _, _ in processes())


def one_try(lutsim, sig, scratch):
    shutil.rmtree(scratch, ignore_errors=True)
    run = subprocess.Popen([lutsim, "ppa", "configs/ppa/dot_units.yaml", "--no-plots", "-j", "1",
                            "--cache", os.path.join(scratch, "cache"),
                            "--out", os.path.join(scratch, "out")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    keepers, helpers = [], []
    while not helpers and time.monotonic() < deadline and run.poll() is None:
        keepers = children_of(run.pid)
        helpers = [h for k in keepers for t in children_of(k) for h in children_of(t)]
        time.sleep(0.02)
    assert helpers, "no tool of lutsim started a helper of its own within 60 s"
    watched = sorted({p for k in keepers for p in group_members(k)} | set(keepers))
    assert set(helpers) <= set(watched), "a tool's helper is not in the tool's process group"
    run.send_signal(sig)
    run.wait()
    time.sleep(1.0)
    left = [p for p in watched if alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left, f"after {signal.Signals(sig).name} of lutsim, tools {left} still run"
    return len(watched)


def main():
    lutsim = sys.argv[1]
    scratch = tempfile.mkdtemp(prefix="lutsim_tool_children_")
    try:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGKILL):
            n = one_try(lutsim, sig, scratch)
            print(f"{signal.Signals(sig).name}: {n} process(es) of a tool's group ended with lutsim")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        sys.exit(f"FAILED: {e}")
