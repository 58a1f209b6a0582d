#!/usr/bin/env python3
"""The external tools of `lutsim ppa` die with lutsim (issue 16, lesser items).

Starts a synthesis run on a fresh cache, waits until lutsim has started a tool,
then ends lutsim with SIGTERM (its handler kills every tool's process group:
the tool and the helpers it started) and with SIGKILL (no handler runs; the
kernel kills the tool, its direct child, through PR_SET_PDEATHSIG). Fails if a
tool outlives lutsim.

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
    tools = []
    while not tools and time.monotonic() < deadline and run.poll() is None:
        tools = children_of(run.pid)
        time.sleep(0.05)
    assert tools, "lutsim started no tool within 60 s"
    time.sleep(0.2)  # let the tool start its own helpers
    watched = sorted({p for t in tools for p in group_members(t)} | set(tools))
    run.send_signal(sig)
    run.wait()
    time.sleep(1.0)
    must_die = watched if sig != signal.SIGKILL else tools
    left = [p for p in must_die if alive(p)]
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
            print(f"{signal.Signals(sig).name}: {n} tool process(es) ended with lutsim")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        sys.exit(f"FAILED: {e}")
