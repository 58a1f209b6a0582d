"""One probe: a lutsim command line with what it needs and what it must do.

argv placeholders, replaced in the probe's sandbox:
  @REPO@  the source tree      @TMP@  the sandbox root (files are written here)
  @OUT@   the --out folder     the command runs in @TMP@/a/b/cwd, so a name
                               climbing out of --out lands inside the sandbox
"""
from dataclasses import dataclass, field


@dataclass
class Probe:
    id: str
    group: str                     # issue, sweep, baseline, mutant
    argv: list                     # lutsim's arguments, placeholders unreplaced
    expect: str = "any"            # ok, refuse or any
    names: list = field(default_factory=list)         # the error names one of these
    must_contain: list = field(default_factory=list)  # stdout of a success holds each
    files: dict = field(default_factory=dict)         # sandbox path -> bytes, written first
    fifos: list = field(default_factory=list)         # sandbox paths made FIFOs first
    links: dict = field(default_factory=dict)         # sandbox path -> symbolic link target
    # sandbox path -> (major, minor) of a character device made there (a FIFO
    # when mknod is not allowed): never a real /dev path as an output, which a
    # writer that renames over its output would replace when run as root
    devices: dict = field(default_factory=dict)
    allowed: list = field(default_factory=list)       # more paths it may write (placeholders)
    stdout_to: str = ""            # a file stdout goes to instead of a pipe (/dev/full)
    quiet: bool = False            # success may print nothing and write nothing
    twin: str = ""                 # text/JSON consistency check (consistency.py) to apply
    origin: str = ""               # how a mutant was made
    fast: bool = False             # in the fast subset (CTest)


def probe(id, group, argv, **kw):
    return Probe(id=id, group=group, argv=list(argv), **kw)
