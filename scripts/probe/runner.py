"""Runs one probe in a sandbox folder and collects what it did."""
import os
import signal
import stat
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

# Bytes of a written file read back for the figure checks.
_FILE_READ_LIMIT = 4 << 20


@dataclass
class Result:
    argv: list
    returncode: int = 0
    timed_out: bool = False
    timeout_s: float = 0.0
    wall_s: float = 0.0
    stdout: str = ""
    stderr: str = ""
    subst: dict = field(default_factory=dict)    # placeholder -> what it stood for
    files: dict = field(default_factory=dict)    # written under --out: name -> text
    escaped: list = field(default_factory=list)  # written outside --out


def expand(arg, subst):
    for key, value in subst.items():
        arg = arg.replace(key, value)
    return arg


def _out_path(argv):
    for flag in ("--out", "-o"):
        if flag in argv[:-1]:
            return argv[argv.index(flag) + 1]
    return None


def _prepare(probe, root):
    cwd = root / "a" / "b" / "cwd"
    cwd.mkdir(parents=True)
    for rel, data in probe.files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for rel in probe.fifos:
        os.mkfifo(root / rel)
    for rel, (major, minor) in probe.devices.items():
        try:
            os.mknod(root / rel, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
        except PermissionError:
            os.mkfifo(root / rel)
    for rel, target in probe.links.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target)
    return cwd


def _snapshot(root):
    """Every path under root, symbolic links not followed."""
    paths = set()
    for folder, dirs, files in os.walk(root):
        paths.update(Path(folder) / name for name in dirs + files)
    return paths


def _written(root, before, allowed):
    files, escaped = {}, []
    for path in sorted(_snapshot(root) - before):
        if path.is_dir() and not path.is_symlink():
            continue
        under = [a for a in allowed if path == a or a in path.parents]
        if not under:
            escaped.append(str(path.relative_to(root)))
            continue
        if path.is_file():
            with open(path, "rb") as f:
                files[str(path.relative_to(under[0]))] = f.read(_FILE_READ_LIMIT).decode(
                    "utf-8", "replace")
    return files, escaped


def _communicate(proc, timeout_s):
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return out, err, False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return out, err, True


def run(probe, lutsim, repo, root, timeout_s, extra_args=()):
    """Runs `probe` (with `extra_args` appended) in the empty folder `root`."""
    cwd = _prepare(probe, root)
    out_dir = cwd / "out"
    subst = {"@REPO@": str(repo), "@TMP@": str(root), "@OUT@": str(out_dir)}
    argv = [expand(a, subst) for a in probe.argv] + list(extra_args)
    given_out = _out_path(argv)
    allowed = [Path(os.path.normpath(cwd / given_out))] if given_out else [cwd / "results"]
    allowed += [Path(expand(a, subst)) for a in probe.allowed]
    before = _snapshot(root)
    stdout = open(probe.stdout_to, "wb") if probe.stdout_to else subprocess.PIPE
    start = time.monotonic()
    try:
        proc = subprocess.Popen([str(lutsim)] + argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=stdout, stderr=subprocess.PIPE, start_new_session=True)
        out, err, timed_out = _communicate(proc, timeout_s)
    finally:
        if probe.stdout_to:
            stdout.close()
    result = Result(argv=argv, returncode=proc.returncode, timed_out=timed_out,
                    timeout_s=timeout_s, wall_s=time.monotonic() - start,
                    stdout=(out or b"").decode("utf-8", "replace"),
                    stderr=(err or b"").decode("utf-8", "replace"), subst=subst)
    result.files, result.escaped = _written(root, before, allowed)
    return result
