"""Seeded random mutants of the committed configs, traces and measurements.

Each mutant is one seed file (configs/hw, models, studies, sweeps, ppa, passes,
energy; fuzz/corpus traces, HF config.json files, measurement CSVs, LMMA
programs) with one mutation: a byte flipped, a line (key) deleted or
duplicated, two lines swapped, a number set to 0/-1/huge/NaN/inf/tiny/text, a
value emptied, a junk line inserted, or the file truncated. Mutant i of a run
with seed S is the same on every run (random.Random(f"{S}:{i}")). The mutant
is run through the command that reads its kind of file; a refusal must name
the mutant file.
"""
import os
import random
import re

from probe_case import probe

SPECIAL_NUMBERS = ["0", "-1", "99999999999999999999", "9223372036854775807", "4611686018427387904",
                   "1e308", "1e-300", "-0", ".nan", ".inf", "-.inf", "nan", "inf", "NaN",
                   "Infinity", "abc", "", "0.5", "1e9", "65537", "2147483648"]
JUNK_LINES = [b"unknown_key: 1", b"name: twice", b",,,,,,,,,", b"\xff\xfe\x00",
              b"- [", b"{a: [}", b"  : :", b"extends: missing.yaml", b"\"unterminated",
              b"#!", b"&a [*a]", b"? complex key"]
_NUMBER = re.compile(rb"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")


def _byte_flip(data, rng):
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:], f"byte {i} flipped"


def _lines(data):
    return data.splitlines(True) or [b""]


def _delete_line(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    return b"".join(lines[:i] + lines[i + 1:]), f"line {i + 1} deleted"


def _duplicate_line(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    return b"".join(lines[:i + 1] + lines[i:]), f"line {i + 1} duplicated"


def _swap_lines(data, rng):
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines), f"lines {i + 1} and {j + 1} swapped"


def _number(data, rng):
    found = list(_NUMBER.finditer(data))
    if not found:
        return _byte_flip(data, rng)
    m = rng.choice(found)
    value = rng.choice(SPECIAL_NUMBERS).encode()
    return data[:m.start()] + value + data[m.end():], f"number at byte {m.start()} -> {value!r}"


def _empty_value(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    line = lines[i]
    cut = max(line.find(b":"), line.find(b","))
    if cut < 0:
        return _delete_line(data, rng)
    lines[i] = line[:cut + 1] + b"\n"
    return b"".join(lines), f"line {i + 1} cut after byte {cut}"


def _junk_line(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    junk = rng.choice(JUNK_LINES)
    return b"".join(lines[:i] + [junk + b"\n"] + lines[i:]), f"junk {junk!r} at line {i + 1}"


def _truncate(data, rng):
    i = rng.randrange(len(data) + 1)
    return data[:i], f"truncated to {i} bytes"


MUTATIONS = [_byte_flip, _delete_line, _duplicate_line, _swap_lines, _number, _number,
             _empty_value, _junk_line, _truncate]


class Seed:
    """A seed file, where its mutant goes, the siblings it needs, its command."""

    def __init__(self, kind, path, place, argv, links=(), allowed=()):
        self.kind, self.path, self.place, self.argv = kind, path, place, argv
        self.links, self.allowed = dict(links), list(allowed)


def _siblings(repo, sub, place_dir):
    folder = f"{repo}/configs/{sub}"
    return {f"{place_dir}/{f}": f"{folder}/{f}" for f in os.listdir(folder)}


def _list(repo, rel, ext):
    folder = f"{repo}/{rel}"
    return sorted(f"{folder}/{f}" for f in os.listdir(folder) if f.endswith(ext))


def _model_argv(file, phase):
    argv = ["model", "--hw", "a100_lut_4x", "--model", file, "--phase", phase, "--wbits", "2",
            "--out", "@OUT@"]
    return argv + (["--seq", "64"] if phase == "prefill" else [])


def _seeds(repo):
    seeds = []
    hw_links = _siblings(repo, "hw", "configs/hw")
    for path in _list(repo, "configs/hw", ".yaml"):
        mut = "@TMP@/configs/hw/mutant.yaml"
        commands = [["gemm", "--hw", mut, "--m", "16", "--n", "4096", "--k", "4096", "--wbits", "2"],
                    ["model", "--hw", mut, "--model", "Llama-2-7B", "--phase", "decode", "--wbits",
                     "2", "--batch", "8", "--out", "@OUT@"]]
        if "_lut_" in os.path.basename(path):  # lmma runs on a LUT tensor core
            commands.append(["lmma", "--hw", mut, "--m", "16", "--n", "256", "--k", "256"])
        for argv in commands:
            seeds.append(Seed("hw", path, "configs/hw/mutant.yaml", argv, hw_links))
    for path in _list(repo, "configs/models", ".yaml"):
        for phase in ("decode", "prefill"):
            seeds.append(Seed("model", path, "m/mutant.yaml", _model_argv("@TMP@/m/mutant.yaml",
                                                                          phase)))
    for path in _list(repo, "fuzz/corpus/hf_config", ".json"):
        seeds.append(Seed("hf_config", path, "hf/config.json",
                          _model_argv("@TMP@/hf/config.json", "decode")))
    for path in _list(repo, "fuzz/corpus/trace_csv", ".csv"):
        seeds.append(Seed("trace", path, "t/mutant.csv", ["model", "--hw", "a100_lut_4x", "--trace",
                                                          "@TMP@/t/mutant.csv", "--out", "@OUT@"]))
        seeds.append(Seed("trace", path, "t/mutant.csv", ["compile", "--hw", "a100_lut_4x",
                                                          "--trace", "@TMP@/t/mutant.csv", "-o",
                                                          "@OUT@"]))
    study_links = {**_siblings(repo, "studies", "configs/studies"),
                   **_siblings(repo, "ppa", "configs/ppa")}
    for path in _list(repo, "configs/studies", ".yaml"):
        text = open(path, "rb").read()
        mut = "@TMP@/configs/studies/mutant.yaml"
        argv = (["compare", "-c", mut, "--out", "@OUT@"] if b"study: compare" in text
                else ["config", "--kind", "study", mut])
        seeds.append(Seed("study", path, "configs/studies/mutant.yaml", argv, study_links))
    for path in _list(repo, "configs/sweeps", ".yaml"):
        seeds.append(Seed("sweep", path, "configs/sweeps/mutant.yaml",
                          ["config", "--kind", "sweep", "@TMP@/configs/sweeps/mutant.yaml"],
                          study_links))
    for path in _list(repo, "configs/ppa", ".yaml"):
        if "components_" in path:
            continue  # component tables, not studies
        seeds.append(Seed("ppa", path, "configs/ppa/mutant.yaml",
                          ["ppa", "@TMP@/configs/ppa/mutant.yaml", "--set", "method=analytic",
                           "--no-plots", "--out", "@OUT@", "--cache", "@TMP@/cache"],
                          study_links, allowed=["@TMP@/cache"]))
    for name, hw in (("vidur", "a100_pcie_80gb"), ("bitblas", "a100_sxm4_80gb"),
                     ("cublas", "h100_sxm"), ("cublas_two_gpus", "h100_sxm")):
        seeds.append(Seed("measurement", f"{repo}/fuzz/corpus/measurement_csv/{name}.csv",
                          "d/mutant.csv", ["validate", "--data", "@TMP@/d/mutant.csv", "--hw", hw,
                                           "--no-plots", "--out", "@OUT@"]))
    for path in _list(repo, "fuzz/corpus/lmma_program", ".lmma"):
        seeds.append(Seed("lmma", path, "p/mutant.lmma", ["lmma", "--hw", "a100_lut_4x",
                                                          "--program", "@TMP@/p/mutant.lmma"]))
    for path in _list(repo, "configs/passes", ".yaml"):
        seeds.append(Seed("passes", path, "p/passes.yaml",
                          ["compile", "--hw", "a100_lut_4x", "--model", "Llama-2-7B", "--phase",
                           "decode", "--wbits", "2", "--passes", "@TMP@/p/passes.yaml", "-o",
                           "@OUT@"]))
    for path in _list(repo, "configs/energy", ".yaml"):
        seeds.append(Seed("energy", path, "configs/energy/mutant.yaml",
                          ["model", "--hw", "a100_lut_4x", "--model", "Llama-2-7B", "--wbits", "2",
                           "--phase", "decode", "--energy", "@TMP@/configs/energy/mutant.yaml",
                           "--out", "@OUT@"], _siblings(repo, "ppa", "configs/ppa")))
    return seeds


def probes(repo, count, seed):
    """`count` mutants, spread round-robin over the seed files and commands."""
    seeds = _seeds(repo)
    contents = {s.path: open(s.path, "rb").read() for s in seeds}
    result = []
    for i in range(count):
        s = seeds[i % len(seeds)]
        rng = random.Random(f"{seed}:{i}")
        mutation = rng.choice(MUTATIONS)
        data, what = mutation(contents[s.path], rng)
        rel = os.path.relpath(s.path, repo)
        links = {k: v for k, v in s.links.items() if k != s.place}
        result.append(probe(f"mutant/{i:05d}/{s.kind}/{s.argv[0]}", "mutant", s.argv,
                            names=[os.path.basename(s.place)], files={s.place: data},
                            links=links, allowed=s.allowed, fast=i < 40,
                            origin=f"{rel}: {what}"))
    return result
