"""The broader sweep: every option of every subcommand at 0, negative, huge,
non-numeric, empty and repeated values; missing, directory, empty, binary,
FIFO and device files; malformed --set overrides; and valid baseline runs
(exit 0, every figure checked, text and --json agreeing).

Each subcommand has a valid base command line; a probe replaces (or adds)
one option of it. A refusal must name that option (or its value).
"""
from probe_case import probe

MEASURED = "@REPO@/fuzz/corpus/measurement_csv/vidur.csv"

# subcommand -> its valid base argv; the options varied, by kind.
BASES = {
    "gemm": (["gemm", "--hw", "a100_lut_4x", "--m", "16", "--n", "4096", "--k", "4096",
              "--wbits", "2"],
             {"int": ["--m", "--n", "--k", "--wbits"], "enum": ["--act", "--kernel", "--hw"],
              "dir": ["--configs-dir"], "out": ["--out"], "set": True}),
    "model": (["model", "--hw", "a100_lut_4x", "--model", "Llama-2-7B", "--phase", "decode",
               "--wbits", "2", "--out", "@OUT@"],
              {"int": ["--batch", "--kv-len", "--wbits", "--tp"],
               "enum": ["--act", "--fusion", "--method", "--precompute", "--attention",
                        "--engine", "--phase", "--model", "--hw", "--energy"],
               "file": ["--trace", "--model", "--energy"], "dir": ["--configs-dir"],
               "out": ["--out"], "set": True}),
    "prefill": (["model", "--hw", "a100_sxm4_80gb", "--model", "OPT-6.7B", "--phase", "prefill",
                 "--seq", "128", "--out", "@OUT@"],
                {"int": ["--batch", "--seq", "--tp", "--wbits"], "enum": ["--act", "--method"]}),
    "trace": (["trace", "--model", "Llama-2-7B", "--phase", "prefill", "--seq", "64", "-o",
               "@OUT@"],
              {"int": ["--batch", "--seq", "--wbits", "--tp"],
               "enum": ["--act", "--fusion", "--phase", "--model"],
               "file": ["--model", "--compare"], "dir": ["--configs-dir"], "out": ["-o"]}),
    "compile": (["compile", "--hw", "a100_lut_4x", "--model", "Llama-2-7B", "--phase", "decode",
                 "--wbits", "2", "-o", "@OUT@"],
                {"int": ["--batch", "--kv-len", "--wbits", "--tp"],
                 "enum": ["--act", "--fusion", "--phase", "--hw", "--model"],
                 "file": ["--passes", "--trace", "--model"], "dir": ["--configs-dir"],
                 "out": ["-o"]}),
    "lmma": (["lmma", "--hw", "a100_lut_4x", "--m", "16", "--n", "256", "--k", "256"],
             {"int": ["--m", "--n", "--k", "--wbits"], "enum": ["--act", "--kernel", "--hw"]}),
    "lmma-program": (["lmma", "--hw", "a100_lut_4x", "--program",
                      "@REPO@/fuzz/corpus/lmma_program/lmma_chain.lmma"],
                     {"file": ["--program"], "enum": ["--hw"]}),
    "accuracy": (["accuracy", "--set", "problem.k=64", "--set", "problem.n=64", "--out", "@OUT@"],
                 {"file": ["-c"], "dir": ["--configs-dir"], "out": ["--out"], "set": True}),
    "config": (["config", "@REPO@/configs/hw/a100_lut_4x.yaml", "--kind", "hw"],
               {"enum": ["--kind"], "set": True}),
    "sweep": (["sweep", "@REPO@/tests/cli/data/tiny_sweep.yaml", "--out", "@OUT@"],
              {"int": ["--jobs"], "enum": ["--shard"], "out": ["--out", "--store"],
               "dir": ["--configs-dir"]}),
    "validate": (["validate", "--data", MEASURED, "--hw", "a100_pcie_80gb", "--no-plots",
                  "--out", "@OUT@"],
                 {"enum": ["--hw", "--timing", "--dtypes"], "file": ["--data", "--bars"],
                  "dir": ["--configs-dir"], "out": ["--out"]}),
    "compare": (["compare", "--set", "models=[Llama-2-7B]", "--set", "weight_bits=[2]", "--out",
                 "@OUT@"],
                {"file": ["-c", "--energy"], "enum": ["--energy"], "dir": ["--configs-dir"],
                 "out": ["--out"], "set": True}),
    "ppa": (["ppa", "@REPO@/configs/ppa/dot_units.yaml", "--set", "method=analytic", "--no-plots",
             "--out", "@OUT@"],
            {"int": ["--jobs"], "set": True, "out": ["--out"]}),
}

INT_VALUES = {"zero": "0", "negative": "-1", "huge": "99999999999999999999",
              "int64-max": "9223372036854775807", "int32-over": "4294967296",
              "non-numeric": "abc", "empty": "", "fraction": "1.5", "hex": "0x10",
              "space": " 16", "nan": "nan"}
ENUM_VALUES = {"empty": "", "unknown": "bogus", "case": "FP16", "space": "fp16 ",
               "path-like": "../x", "nul-like": "\\0", "long": "x" * 5000}
FILE_VALUES = {"missing": "@TMP@/missing.yaml", "directory": "@TMP@",
               "empty": "@TMP@/empty.yaml", "binary": "@TMP@/binary.yaml",
               "dev-zero": "@TMP@/zero", "fifo": "@TMP@/fifo.yaml", "dev-null": "@TMP@/null"}
# Devices are made in each sandbox (probe_case.Probe.devices), never the real /dev ones.
DEVICES = {"null": (1, 3), "zero": (1, 5)}
DIR_VALUES = {"missing": "@TMP@/missing_dir", "file": "@TMP@/empty.yaml", "empty-dir": "@TMP@/e",
              "empty": ""}
OUT_VALUES = {"empty": "", "existing-file": "@TMP@/empty.yaml", "dev-null": "@TMP@/null",
              "fifo": "@TMP@/fifo.yaml",
              "unwritable": "/proc/probe_out", "nested-missing": "@OUT@/x/y/z"}
SET_VALUES = {"no-equals": "nokey", "bare-equals": "=", "empty-key": "=1", "unknown-key": "nokey=1",
              "unknown-deep": "a.b.c=1", "hw-unknown-config": "hw.no_such_gpu.sm.count=1",
              "hw-bad-value": "hw.a100_lut_4x.sm.count=-1",
              "hw-huge-value": "hw.a100_lut_4x.sm.count=99999999999999999999",
              "hw-nan": "hw.a100_lut_4x.memory.dram_bw_bytes_per_s=.nan",
              "hw-inf": "hw.a100_lut_4x.memory.dram_bw_bytes_per_s=.inf",
              "hw-zero-clock": "hw.a100_lut_4x.sm.freq_hz=0",
              "unclosed-list": "name=[", "yaml-map": "name={a: 1}", "empty-value": "name=",
              "long-name": "name=" + "x" * 300}


def _replace(base, option, value):
    """`base` with `option` set to `value` (replaced when present, else added)."""
    argv = list(base)
    if option in argv:
        i = argv.index(option)
        if i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            argv[i + 1] = value
            return argv
        argv.insert(i + 1, value)
        return argv
    return argv + [option, value]


def _files():
    return {"empty.yaml": b"", "binary.yaml": bytes(range(256)) * 4, "e/.keep": b""}


def _names(option, value):
    bare = option.lstrip("-")
    return [option, bare, bare.replace("-", "_"), value] if value else [option, bare,
                                                                       bare.replace("-", "_")]


def _option_probes(sub, base, options):
    probes = []

    def add(kind, option, label, value, **kw):
        names = _names(option, value) + (["@OUT@"] if kind == "out" else [])
        probes.append(probe(f"sweep/{sub}/{option}/{label}", "sweep", _replace(base, option, value),
                            names=names, files=_files(), **kw))

    for option in options.get("int", []):
        for label, value in INT_VALUES.items():
            add("int", option, label, value)
        probes.append(probe(f"sweep/{sub}/{option}/repeated", "sweep",
                            _replace(base, option, "2") + [option, "4"], names=_names(option, "")))
    for option in options.get("enum", []):
        for label, value in ENUM_VALUES.items():
            add("enum", option, label, value)
    for option in options.get("file", []):
        for label, value in FILE_VALUES.items():
            add("file", option, label, value, devices=DEVICES,
                fifos=["fifo.yaml"] if label == "fifo" else [])
    for option in options.get("dir", []):
        for label, value in DIR_VALUES.items():
            add("dir", option, label, value)
    for option in options.get("out", []):
        for label, value in OUT_VALUES.items():
            # a store is an output too: SQLite writes its journal beside it
            beside = [value + s for s in ("", "-journal", "-wal", "-shm")] if value else []
            add("out", option, label, value, devices=DEVICES,
                fifos=["fifo.yaml"] if label == "fifo" else [],
                allowed=beside if option == "--store" else [])
    if options.get("set"):
        for label, value in SET_VALUES.items():
            key = value.split("=")[0]
            probes.append(probe(f"sweep/{sub}/--set/{label}", "sweep", base + ["--set", value],
                                names=[key.split(".")[-1], "--set"] if key else ["--set"],
                                files=_files()))
    return probes


def _general():
    """Command lines as a whole: unknown commands, options, missing required options."""
    cases = {"no-args": [], "unknown-command": ["frobnicate"], "unknown-option": ["gemm", "--x"],
             "gemm-missing-m": ["gemm", "--hw", "a100_lut_4x", "--n", "1", "--k", "1"],
             "model-no-model": ["model", "--hw", "a100_lut_4x"],
             "config-no-kind": ["config", "@REPO@/configs/hw/h200.yaml"],
             "config-wrong-kind": ["config", "@REPO@/configs/hw/h200.yaml", "--kind", "model"],
             "sweep-no-file": ["sweep"], "ppa-no-config": ["ppa"],
             "lmma-program-and-gemm": ["lmma", "--hw", "a100_lut_4x", "--program",
                                       "@REPO@/fuzz/corpus/lmma_program/lmma_chain.lmma",
                                       "--m", "16"],
             "model-model-and-trace": ["model", "--hw", "a100_lut_4x", "--model", "Llama-2-7B",
                                       "--trace", "@REPO@/fuzz/corpus/trace_csv/bitnet_decode.csv"],
             "sweep-export-missing-store": ["sweep", "export", "--store", "@TMP@/none.sqlite"],
             "sweep-merge-nothing": ["sweep", "merge"]}
    return [probe(f"sweep/general/{label}", "sweep", argv) for label, argv in cases.items()]


def probes():
    all_probes = []
    for sub, (base, options) in BASES.items():
        all_probes.append(probe(f"sweep/{sub}/base", "sweep", base, expect="ok", files=_files()))
        all_probes += _option_probes(sub, base, options)
    return all_probes + _general()
