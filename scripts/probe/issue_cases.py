"""Every reproduction and case named in issue 16 (findings 1-10 and 'Lesser').

The original probe set (at 9b31bef) is not kept; these are rebuilt from the
issue's text, one probe per case it names, with the outcome the issue asks for:
`refuse` where the input is not modelled, `ok` where the run must stand, `any`
where either is right so long as the verdict rules hold.
"""
from probe_case import probe

GROUP = "issue"
LUT_GEMM = ["gemm", "--hw", "a100_lut_4x", "--m", "16", "--n", "4096", "--k", "4096"]
SXM_GEMM = ["gemm", "--hw", "a100_sxm4_80gb", "--m", "16", "--n", "4096", "--k", "4096"]
LLAMA = ["model", "--hw", "a100_lut_4x", "--model", "Llama-2-7B"]
TRACE = "@REPO@/fuzz/corpus/trace_csv/bitnet_decode.csv"
HF = "@REPO@/fuzz/corpus/hf_config/"
MEASURED = "@REPO@/fuzz/corpus/measurement_csv/vidur.csv"
HW = "@REPO@/configs/hw/"
MAX_I64 = "9223372036854775807"


def case(id, argv, expect="any", names=(), fast=True, **kw):
    return probe("issue/" + id, GROUP, argv, expect=expect, names=list(names), fast=fast, **kw)


def _file(path):
    with open(path, "rb") as f:
        return f.read()


def _trace_with_m(repo, m):
    """The BitNet decode trace with its first linear's M replaced."""
    lines = _file(f"{repo}/fuzz/corpus/trace_csv/bitnet_decode.csv").decode().splitlines(True)
    row = next(i for i, line in enumerate(lines) if ",linear," in line)
    cells = lines[row].split(",")
    cells[2] = m
    lines[row] = ",".join(cells)
    return "".join(lines).encode()


def _trace_header_only(repo):
    lines = _file(f"{repo}/fuzz/corpus/trace_csv/bitnet_decode.csv").decode().splitlines(True)
    return "".join(line for line in lines if line.startswith("#") or line.startswith("name,")).encode()


def _vidur_with(repo, column, value):
    lines = _file(f"{repo}/fuzz/corpus/measurement_csv/vidur.csv").decode().splitlines(True)
    header = lines[0].rstrip("\n").split(",")
    cells = lines[1].rstrip("\n").split(",")
    cells[header.index(column)] = value
    return (lines[0] + ",".join(cells) + "\n" + "".join(lines[2:])).encode()


def _hw_with_prefix(repo, prefix, name):
    return prefix + _file(f"{repo}/configs/hw/{name}.yaml")


def finding_1():
    return [
        case("1-lut-fp8", LUT_GEMM + ["--act", "fp8", "--wbits", "2"], "ok", must_contain=["fp8"]),
        case("1-lut-bf16", LUT_GEMM + ["--act", "bf16", "--wbits", "2"], "any", ["bf16"],
             must_contain=["bf16"]),
        case("1-lut-int8", LUT_GEMM + ["--act", "int8", "--wbits", "2"], "any", ["int8"],
             must_contain=["int8"]),
        case("1-model-bf16", LLAMA + ["--act", "bf16", "--wbits", "2", "--out", "@OUT@"], "any",
             ["bf16"], must_contain=["bf16"]),
        case("1-model-fp8", LLAMA + ["--act", "fp8_e4m3", "--wbits", "2", "--out", "@OUT@"], "any",
             ["fp8"], must_contain=["fp8"]),
        case("1-dense-w2", SXM_GEMM + ["--kernel", "dense", "--wbits", "2"], "refuse", ["2-bit"]),
        case("1-dense-w4-lut-gpu", LUT_GEMM + ["--kernel", "dense", "--wbits", "4"], "refuse",
             ["4-bit"]),
        case("1-int8-w16", SXM_GEMM + ["--act", "int8"], "refuse", ["16-bit"]),
        case("1-int8-w8", SXM_GEMM + ["--act", "int8", "--wbits", "8"], "ok",
             must_contain=["dense int8"]),
        case("1-model-int8-w16", ["model", "--hw", "a100_sxm4_80gb", "--model", "Llama-2-7B",
                                  "--act", "int8"], "refuse", ["16-bit"]),
        case("1-lut-kernel-w16", LUT_GEMM + ["--kernel", "lut", "--wbits", "16"], "refuse",
             ["16", "lut"]),
        case("1-lut-kernel-on-sxm", SXM_GEMM + ["--kernel", "lut", "--wbits", "2"], "refuse",
             ["lut"]),
    ]


def finding_2():
    return [
        case("2-compare-h100-lut-vs-a100", ["compare", "--set", "lut_gpus=[h100_lut_4x]"], "refuse",
             ["lut_gpus"]),
        case("2-compare-h100-own-base",
             ["compare", "--set", "baseline_gpu=h100_sxm", "--set", "lut_gpus=[h100_lut_4x]",
              "--set", "models=[Llama-2-7B]", "--set", "weight_bits=[2]", "--set",
              "activations=[fp16]", "--out", "@OUT@"], "ok"),
    ]


def finding_3():
    return [case(f"3-l2-bytes-{v}", SXM_GEMM + ["--set", f"hw.a100_sxm4_80gb.memory.l2_bytes={v}"],
                 "refuse", ["l2_bytes"]) for v in ("0", "41943040", MAX_I64)]


def finding_4(repo):
    huge = "99999999999"
    return [
        case("4-gemm-overflow", ["gemm", "--hw", "a100_lut_4x", "--m", huge, "--n", huge, "--k", huge,
                                 "--wbits", "2"], "refuse", ["limit", "--m", "--n", "--k"]),
        case("4-gemm-overflow-dense", ["gemm", "--hw", "a100_sxm4_80gb", "--m", huge, "--n", huge,
                                       "--k", huge], "refuse", ["limit"]),
        case("4-model-huge-batch-seq", ["model", "--hw", "a100_sxm4_80gb", "--model", "Llama-2-7B",
                                        "--batch", "1048576", "--seq", "1048576"], "refuse",
             ["limit", "--batch", "--seq"]),
        case("4-model-huge-batch-decode", LLAMA + ["--phase", "decode", "--batch", "4294967296",
                                                   "--kv-len", "4294967296", "--wbits", "2"],
             "refuse", ["limit", "batch", "kv_len", "kv-len"]),
        case("4-trace-row-2^62", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/row62.csv"],
             "refuse", ["row62.csv"], files={"row62.csv": _trace_with_m(repo, "4611686018427387904")}),
        case("4-trace-row-2^63", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/row63.csv"],
             "refuse", ["row63.csv"], files={"row63.csv": _trace_with_m(repo, MAX_I64)}),
        case("4-trace-row-negative", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/neg.csv"],
             "refuse", ["neg.csv"], files={"neg.csv": _trace_with_m(repo, "-1")}),
    ]


def finding_5():
    gemm_out = LUT_GEMM + ["--wbits", "2", "--out", "@OUT@"]
    return [
        case("5-gemm-out-files", gemm_out, "ok"),
        case("5-model-out-files", LLAMA + ["--phase", "decode", "--wbits", "2", "--out", "@OUT@"],
             "ok"),
        case("5-out-holds-foreign-file", gemm_out, "refuse", ["notes.txt"],
             files={"a/b/cwd/out/notes.txt": b"mine"}),
        case("5-out-is-a-file", LUT_GEMM + ["--wbits", "2", "--out", "@TMP@/plain"], "refuse",
             ["plain"], files={"plain": b"x"}),
    ]


def finding_6():
    ppa = ["ppa", "@REPO@/configs/ppa/dot_units.yaml", "--no-plots", "--out", "@OUT@"]
    return [
        case("6-ppa-name-climbs", ppa + ["--set", "name=../../x"], "refuse", ["name"]),
        case("6-accuracy-name-climbs", ["accuracy", "--set", "name=../../x"], "refuse", ["name"]),
        case("6-accuracy-name-absolute", ["accuracy", "--set", "name=@TMP@/abs"], "refuse",
             ["name"]),
        case("6-accuracy-name-hidden", ["accuracy", "--set", "name=.hidden"], "refuse", ["name"]),
        case("6-compare-name-climbs", ["compare", "--set", "name=../../x"], "refuse", ["name"]),
        case("6-sweep-name-climbs", ["sweep", "@REPO@/tests/cli/data/escaping_name_sweep.yaml",
                                     "--out", "@OUT@"], "refuse", ["name"]),
        case("6-sweep-study-name-climbs",
             ["sweep", "@TMP@/s.yaml", "--out", "@OUT@"], "refuse", ["name"],
             files={"s.yaml": b"name: s\nbase: @BASE@\naxes:\n  - key: name\n"
                              b"    values: [../../x]\n"}),
    ]


def finding_7():
    return [
        case("7-smem-16384", SXM_GEMM + ["--set", "hw.a100_sxm4_80gb.sm.smem_bytes=16384"],
             "refuse", ["shared memory", "smem"]),
        case("7-smem-16384-lut", LUT_GEMM + ["--wbits", "2", "--set",
                                             "hw.a100_lut_4x.sm.smem_bytes=16384"],
             "refuse", ["shared memory", "smem"]),
        case("7-register-file-2^62", LUT_GEMM + ["--wbits", "2", "--set",
                                                 "hw.a100_lut_4x.sm.register_file_bytes="
                                                 "4611686018427387904"],
             "refuse", ["register_file_bytes"]),
        case("7-register-file-max", LUT_GEMM + ["--wbits", "2", "--set",
                                                "hw.a100_lut_4x.sm.register_file_bytes=" + MAX_I64],
             "refuse", ["register_file_bytes"]),
    ]


def finding_8():
    return [
        case("8-kv-len-in-prefill", LLAMA + ["--phase", "prefill", "--kv-len", "100"], "refuse",
             ["--kv-len"]),
        case("8-seq-in-decode", LLAMA + ["--phase", "decode", "--seq", "100"], "refuse", ["--seq"]),
        case("8-trace-seq-in-decode", ["trace", "--model", "Llama-2-7B", "--phase", "decode",
                                       "--seq", "5", "-o", "@OUT@"], "refuse", ["--seq"]),
        case("8-set-kv-len-in-prefill", LLAMA + ["--set", "workload.kv_len=100"], "refuse",
             ["kv_len"]),
        case("8-precompute-separate-no-lut",
             ["model", "--hw", "a100_sxm4_80gb", "--model", "Llama-2-7B", "--wbits", "4",
              "--precompute", "separate"], "refuse", ["precompute"]),
        case("8-method-lut-w16", LLAMA + ["--method", "lut"], "refuse", ["lut", "16-bit"]),
        case("8-out-empty", LLAMA + ["--wbits", "2", "-o", ""], "refuse", ["--out"]),
        case("8-gemm-out-empty", LUT_GEMM + ["--wbits", "2", "-o", ""], "refuse", ["--out"]),
        case("8-k3-group4", ["gemm", "--hw", "a100_lut_4x", "--m", "16", "--n", "4096", "--k", "3",
                             "--wbits", "2"], "refuse", ["K = 3", "--k"]),
        case("8-num-local-experts", LLAMA[:3] + ["--model", HF + "Mixtral-8x7B-v0.1.json",
                                                 "--wbits", "2"], "refuse",
             ["num_local_experts"]),
        case("8-engine-systemc-no-sub-core",
             ["model", "--hw", "a100_pcie_80gb", "--model", "Llama-2-7B", "--engine", "systemc"],
             "any", ["sub_core"]),
    ]


def finding_9(repo):
    return [
        case("9-trace-header-only", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/h.csv"],
             "refuse", ["h.csv"], files={"h.csv": _trace_header_only(repo)}),
        case("9-trace-empty-file", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/e.csv"],
             "refuse", ["e.csv"], files={"e.csv": b""}),
        case("9-compare-models-empty", ["compare", "--set", "models=[]"], "refuse", ["models"]),
        case("9-compare-weight-bits-empty", ["compare", "--set", "weight_bits=[]"], "refuse",
             ["weight_bits"]),
        case("9-compare-lut-gpus-empty", ["compare", "--set", "lut_gpus=[]"], "any", ["lut_gpus"]),
        case("9-compare-models-repeated", ["compare", "--set", "models=[Llama-2-7B,Llama-2-7B]"],
             "refuse", ["models"]),
        case("9-accuracy-weight-bits-empty", ["accuracy", "--set", "datapaths.weight_bits=[]"],
             "refuse", ["weight_bits"]),
        case("9-accuracy-weight-bits-222", ["accuracy", "--set", "datapaths.weight_bits=[2,2,2]"],
             "refuse", ["weight_bits"]),
        case("9-ppa-designs-empty", ["ppa", "@REPO@/configs/ppa/dot_units.yaml", "--no-plots",
                                     "--set", "designs=[]", "--out", "@OUT@"], "refuse",
             ["designs"]),
        case("9-ppa-weight-bits-222", ["ppa", "@REPO@/configs/ppa/dot_units.yaml", "--no-plots",
                                       "--set", "weight_bits=[2,2,2]", "--out", "@OUT@"], "refuse",
             ["weight_bits"]),
        case("9-sweep-duplicate-axes", ["sweep", "@REPO@/tests/cli/data/duplicate_key_sweep.yaml",
                                        "--out", "@OUT@"], "refuse", ["problem.k"]),
        case("9-validate-1e-300-ms", ["validate", "--data", "@TMP@/t.csv", "--hw", "a100_pcie_80gb",
                                      "--no-plots", "--out", "@OUT@"], "refuse", ["t.csv"],
             files={"t.csv": _vidur_with(repo, "median_ms", "1e-300")}),
        case("9-validate-m-1e14", ["validate", "--data", "@TMP@/m.csv", "--hw", "a100_pcie_80gb",
                                   "--no-plots", "--out", "@OUT@"], "refuse", ["m.csv"],
             files={"m.csv": _vidur_with(repo, "M", "100000000000000")}),
        case("9-validate-zero-ms", ["validate", "--data", "@TMP@/z.csv", "--hw", "a100_pcie_80gb",
                                    "--no-plots", "--out", "@OUT@"], "refuse", ["z.csv"],
             files={"z.csv": _vidur_with(repo, "median_ms", "0")}),
    ]


def finding_10():
    gemm = LUT_GEMM + ["--wbits", "2"]
    return [
        case("10-gemm-dev-full", gemm, "refuse", ["stdout", "output"], stdout_to="/dev/full"),
        case("10-gemm-json-dev-full", gemm + ["--json"], "refuse", ["stdout", "output"],
             stdout_to="/dev/full"),
        case("10-config-dev-full", ["config", "@REPO@/configs/studies/numerics_accuracy.yaml",
                                    "--kind", "study"], "refuse", ["stdout", "output"],
             stdout_to="/dev/full"),
        case("10-compare-dev-full", ["compare", "--set", "models=[Llama-2-7B]", "--out", "@OUT@"],
             "refuse", ["stdout", "output"], stdout_to="/dev/full"),
        case("10-model-dev-full", LLAMA + ["--wbits", "2", "--out", "@OUT@"], "refuse",
             ["stdout", "output"], stdout_to="/dev/full"),
        case("10-help-dev-full", ["--help"], "refuse", ["stdout", "output"], stdout_to="/dev/full"),
        # A device as the output file: a copy of /dev/full made in the sandbox, never the
        # real one (a writer that renames over its output replaced /dev/null when run as root).
        case("10-trace-out-device", ["trace", "--model", "Llama-2-7B", "-o", "@TMP@/full"],
             "refuse", ["@TMP@/full"], devices={"full": (1, 7)}),
        case("10-trace-out-fifo", ["trace", "--model", "Llama-2-7B", "-o", "@TMP@/fifo.csv"],
             "refuse", ["@TMP@/fifo.csv"], fifos=["fifo.csv"]),
    ]


def lesser(repo):
    deep = b"a: " + b"[" * 100000 + b"\n"
    return [
        case("lesser-m-0", LUT_GEMM[:3] + ["--m", "0", "--n", "4096", "--k", "4096", "--wbits", "2"],
             "refuse", ["--m"]),
        case("lesser-m-huge", LUT_GEMM[:3] + ["--m", "99999999999999999999", "--n", "4096", "--k",
                                              "4096", "--wbits", "2"], "refuse", ["--m"]),
        case("lesser-utf8-hw-name", ["gemm", "--hw", "@TMP@/hw/u.yaml", "--m", "16", "--n", "4096",
                                     "--k", "4096", "--wbits", "2"], "refuse", ["u.yaml"],
             files={"hw/u.yaml": b"extends: " + HW.replace("@REPO@", repo).encode() +
                    b"a100_lut_4x.yaml\nname: A100-\xff\xfe\n"}),
        case("lesser-utf8-trace-name", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/u.csv"],
             "refuse", ["u.csv"], files={"u.csv": _trace_with_m(repo, "1").replace(
                 b"qkv_proj,linear", b"qkv\xff_proj,linear", 1)}),
        case("lesser-utf8-model-name", ["model", "--hw", "a100_lut_4x", "--model", "@TMP@/m.yaml",
                                        "--wbits", "2"], "refuse", ["m.yaml"],
             files={"m.yaml": _file(f"{repo}/configs/models/llama2_7b.yaml").replace(
                 b"name: ", b"name: \xc3\x28", 1)}),
        case("lesser-deep-nesting", ["config", "--kind", "hw", "@TMP@/deep.yaml"], "refuse",
             ["deep.yaml"], files={"deep.yaml": deep}),
        case("lesser-deep-nesting-map", ["config", "--kind", "study", "@TMP@/deepmap.yaml"],
             "refuse", ["deepmap.yaml"], files={"deepmap.yaml": b"a: {" * 5000 + b"}" * 5000}),
        case("lesser-bom-hw", ["config", "--kind", "hw", "@TMP@/hw/bom.yaml"], "ok",
             files={"hw/bom.yaml": _hw_with_prefix(repo, b"\xef\xbb\xbf", "a100_sxm4_80gb")}),
        case("lesser-bom-trace", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/bom.csv"], "ok",
             files={"bom.csv": b"\xef\xbb\xbf" + _file(f"{repo}/fuzz/corpus/trace_csv/"
                                                        "bitnet_decode.csv")}),
        case("lesser-accuracy-m1024", ["accuracy", "--set", "problem.m=1024", "--set",
                                       "problem.n=4096", "--set", "problem.k=4096", "--set",
                                       "datapaths.activations=[fp16]", "--set",
                                       "datapaths.weight_bits=[2]", "--set",
                                       "datapaths.table_formats=[fp16]", "--set",
                                       "datapaths.accumulators=[fp32]", "--out", "@OUT@"], "any",
             fast=False),
        case("lesser-accuracy-documented-max", ["accuracy", "--set", "problem.m=65536", "--set",
                                                "problem.n=65536", "--set", "problem.k=1048576"],
             "refuse", ["problem."]),
        case("lesser-fifo-config", ["config", "--kind", "hw", "@TMP@/fifo.yaml"], "refuse",
             ["fifo.yaml"], fifos=["fifo.yaml"]),
        case("lesser-fifo-hw", LUT_GEMM[:1] + ["--hw", "@TMP@/fifo.yaml", "--m", "1", "--n", "64",
                                               "--k", "64"], "refuse", ["fifo.yaml"],
             fifos=["fifo.yaml"]),
        case("lesser-fifo-trace", ["model", "--hw", "a100_lut_4x", "--trace", "@TMP@/fifo.csv"],
             "refuse", ["fifo.csv"], fifos=["fifo.csv"]),
        case("lesser-dev-zero-config", ["config", "--kind", "hw", "/dev/zero"], "refuse",
             ["/dev/zero"]),
        case("lesser-dev-zero-study", ["accuracy", "-c", "/dev/zero"], "refuse", ["/dev/zero"]),
        case("lesser-dev-zero-trace", ["model", "--hw", "a100_lut_4x", "--trace", "/dev/zero"],
             "refuse", ["/dev/zero"]),
        case("lesser-dev-zero-data", ["validate", "--data", "/dev/zero", "--hw", "a100_pcie_80gb",
                                      "--no-plots", "--out", "@OUT@"], "refuse", ["/dev/zero"]),
    ]


def cases(repo):
    all_cases = (finding_1() + finding_2() + finding_3() + finding_4(repo) + finding_5() +
                 finding_6() + finding_7() + finding_8() + finding_9(repo) + finding_10() +
                 lesser(repo))
    base = f"{repo}/configs/studies/numerics_accuracy.yaml".encode()
    for c in all_cases:
        c.files = {k: v.replace(b"@BASE@", base) for k, v in c.files.items()}
    return all_cases
