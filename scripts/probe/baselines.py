"""Valid runs that must succeed: every GPU config, every catalog model, both
phases, the kernel families and precisions; figures checked finite and
positive, and text against --json (consistency.py)."""
import os

from probe_case import probe

GEMM_SHAPES = [("1", "4096", "4096"), ("16", "11008", "4096"), ("4096", "4096", "4096"),
               ("7", "100", "64")]


def _hw_names(repo):
    return sorted(f[:-5] for f in os.listdir(f"{repo}/configs/hw") if f.endswith(".yaml"))


def _model_files(repo):
    return sorted(f for f in os.listdir(f"{repo}/configs/models") if f.endswith(".yaml"))


def _gemm_probes(repo):
    probes = []
    for hw in _hw_names(repo):
        lut = "lut" in hw
        for m, n, k in GEMM_SHAPES:
            for wbits in (["2", "4"] if lut else ["16", "4"]):
                argv = ["gemm", "--hw", hw, "--m", m, "--n", n, "--k", k, "--wbits", wbits]
                probes.append(probe(f"baseline/gemm/{hw}/{m}x{n}x{k}/w{wbits}", "baseline", argv,
                                    expect="ok", twin="gemm"))
    return probes


def _model_probes(repo):
    probes = []
    for f in _model_files(repo):
        model = f"@REPO@/configs/models/{f}"
        for hw, wbits in (("a100_lut_4x", "2"), ("h100_sxm", "16")):
            for phase in ("prefill", "decode"):
                argv = ["model", "--hw", hw, "--model", model, "--phase", phase, "--wbits", wbits,
                        "--out", "@OUT@"]
                if phase == "prefill":
                    argv += ["--seq", "256"]
                probes.append(probe(f"baseline/model/{f[:-5]}/{hw}/{phase}", "baseline", argv,
                                    expect="ok", twin="model"))
    return probes


def _lmma_probes():
    probes = []
    for kernel, wbits, act in (("lut", "2", "fp16"), ("lut", "1", "int8"), ("lut", "4", "fp8"),
                               ("mma", None, "fp16"), ("mma", None, "int8")):
        argv = ["lmma", "--hw", "a100_lut_4x", "--m", "16", "--n", "256", "--k", "256",
                "--kernel", kernel, "--act", act] + (["--wbits", wbits] if wbits else [])
        probes.append(probe(f"baseline/lmma/{kernel}/{act}/w{wbits}", "baseline", argv,
                            expect="ok", twin="lmma"))
    return probes


def _other_probes(repo):
    runs = {
        "trace-decode": ["trace", "--model", "BLOOM-176B", "--phase", "decode", "-o", "@OUT@"],
        "compile-layer-time": ["compile", "--hw", "a100_lut_8x", "--model", "Llama-2-7B",
                               "--phase", "decode", "--wbits", "2", "--layer-time", "-o", "@OUT@"],
        "compare-small": ["compare", "--set", "models=[Llama-2-7B]", "--out", "@OUT@"],
        "accuracy-small": ["accuracy", "--set", "problem.k=256", "--out", "@OUT@"],
        "validate-vidur": ["validate", "--data", "@REPO@/fuzz/corpus/measurement_csv/vidur.csv",
                           "--hw", "a100_pcie_80gb", "--no-plots", "--out", "@OUT@"],
        "validate-cublas": ["validate", "--data", "@REPO@/fuzz/corpus/measurement_csv/cublas.csv",
                            "--hw", "h100_sxm", "--no-plots", "--out", "@OUT@"],
        "sweep-tiny": ["sweep", "@REPO@/tests/cli/data/tiny_sweep.yaml", "--out", "@OUT@"],
        "ppa-analytic": ["ppa", "@REPO@/configs/ppa/dot_units.yaml", "--set", "method=analytic",
                         "--no-plots", "--out", "@OUT@"],
        "model-trace": ["model", "--hw", "a100_lut_4x", "--trace",
                        "@REPO@/fuzz/corpus/trace_csv/llama2_7b_prefill.csv", "--out", "@OUT@"],
        "model-hf": ["model", "--hw", "h100_lut_4x", "--model",
                     "@REPO@/fuzz/corpus/hf_config/Qwen2-7B.json", "--wbits", "2", "--out", "@OUT@"],
        "model-unfused-tp2": ["model", "--hw", "a100_lut_8x", "--model", "Llama-2-70B", "--tp", "2",
                              "--attention", "unfused", "--wbits", "1", "--out", "@OUT@"],
    }
    for f in sorted(os.listdir(f"{repo}/configs/hw")):
        runs[f"config-hw-{f[:-5]}"] = ["config", f"@REPO@/configs/hw/{f}", "--kind", "hw"]
    return [probe(f"baseline/{k}", "baseline", v, expect="ok") for k, v in runs.items()]


def probes(repo):
    return _gemm_probes(repo) + _model_probes(repo) + _lmma_probes() + _other_probes(repo)
