"""lutsim's GEMM trace CSV (workloads/trace_csv.hpp), written from Python.

Pure Python (no torch): trace_model.py records a framework's GEMMs with it,
and tests/validation/test_trace_csv_py.py checks it without a GPU.

Format, as to_trace_csv writes it ('\\n' line ends, RFC 4180 quoting):

    # lutsim gemm trace v1
    # model: OPT-6.7B
    # phase: decode
    # batch: 1
    # seq_len: 1
    # kv_len: 127
    # tensor_parallel: 1
    name,kind,m [rows],n [cols],k [depth],batch [instances],elements [values],act_dtype,weight_bits [bits],count [runs per pass]
    q_proj,linear,1,4096,4096,1,0,fp16,16,32

The optional last column `inputs` (which ops feed each op; trace_csv.hpp) is
not written: a captured trace carries no structure, so lutsim shares no LUT
tables between its linears and records `trace_structure: none -> ...`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterable, List, Optional

TAG = "# lutsim gemm trace v1"
COLUMNS = (
    "name",
    "kind",
    "m [rows]",
    "n [cols]",
    "k [depth]",
    "batch [instances]",
    "elements [values]",
    "act_dtype",
    "weight_bits [bits]",
    "count [runs per pass]",
)
KINDS = ("linear", "attention_score", "attention_value", "norm", "elementwise")
ACT_DTYPES = ("fp16", "bf16", "fp8_e4m3", "int8")
PHASES = ("prefill", "decode")

# Hugging Face module names (the last part of the module path) -> lutsim's op
# names (workloads/trace_generator.hpp). OPT: q/k/v_proj, out_proj, fc1, fc2;
# BLOOM: query_key_value, self_attention.dense, dense_h_to_4h, dense_4h_to_h;
# Llama: q/k/v/o_proj, gate_proj, up_proj, down_proj. Names not listed stay as
# they are, so that a projection lutsim does not know about shows up as a
# difference (e.g. OPT-350m's project_in / project_out).
HF_LINEAR_NAMES = {
    "q_proj": "q_proj",
    "k_proj": "k_proj",
    "v_proj": "v_proj",
    "query_key_value": "qkv_proj",
    "qkv_proj": "qkv_proj",
    "out_proj": "attn_out",
    "o_proj": "attn_out",
    "fc1": "ffn_up",
    "up_proj": "ffn_up",
    "dense_h_to_4h": "ffn_up",
    "gate_proj": "ffn_gate",
    "gate_up_proj": "ffn_gate_up",
    "fc2": "ffn_down",
    "down_proj": "ffn_down",
    "dense_4h_to_h": "ffn_down",
    "lm_head": "lm_head",
}
# "dense" is BLOOM's attention output only inside self_attention.
_ATTN_PARENTS = ("self_attention", "self_attn", "attention", "attn")


def hf_linear_name(module_path: str) -> str:
    """lutsim's op name for the nn.Linear at `module_path` (e.g.
    'model.decoder.layers.3.self_attn.q_proj' -> 'q_proj')."""
    parts = module_path.split(".")
    leaf = parts[-1]
    if leaf in HF_LINEAR_NAMES:
        return HF_LINEAR_NAMES[leaf]
    if leaf == "dense" and len(parts) >= 2 and parts[-2] in _ATTN_PARENTS:
        return "attn_out"
    return leaf


_LAYER_INDEX = re.compile(r"\.(?:layers|h|blocks)\.(\d+)\.")


def layer_index(module_path: str) -> Optional[int]:
    """The decoder layer a module belongs to, or None (embeddings, final norm,
    LM head): 'model.layers.3.mlp.up_proj' -> 3."""
    m = _LAYER_INDEX.search("." + module_path + ".")
    return int(m.group(1)) if m else None


def act_dtype_name(dtype: str) -> str:
    """'torch.float16' | 'float16' | 'fp16' -> 'fp16' (and bf16, fp8_e4m3, int8)."""
    d = dtype.replace("torch.", "")
    table = {
        "float16": "fp16",
        "half": "fp16",
        "fp16": "fp16",
        "bfloat16": "bf16",
        "bf16": "bf16",
        "float8_e4m3fn": "fp8_e4m3",
        "fp8_e4m3": "fp8_e4m3",
        "int8": "int8",
    }
    if d not in table:
        raise ValueError(f"activation dtype {dtype!r} has no lutsim name (fp16, bf16, fp8_e4m3, int8)")
    return table[d]


@dataclasses.dataclass
class TraceOp:
    name: str
    kind: str = "linear"
    m: int = 0
    n: int = 0
    k: int = 0
    batch: int = 1
    elements: int = 0
    act_dtype: str = "fp16"
    weight_bits: int = 16
    count: int = 1


@dataclasses.dataclass
class GemmTrace:
    model: str
    phase: str
    batch: int = 1
    seq_len: int = 0
    kv_len: int = 0
    tensor_parallel: int = 1
    ops: List[TraceOp] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class GemmRecord:
    """One GEMM call as a tracer saw it, before aggregation."""

    name: str
    kind: str
    m: int
    n: int
    k: int
    batch: int
    act_dtype: str
    layer: Optional[int]  # decoder layer index, None outside the layers


def aggregate(records: Iterable[GemmRecord], traced_layers: int, model_layers: int) -> List[TraceOp]:
    """Merges equal calls (name, kind, shape, dtype) into one op with a count,
    in order of first appearance. Calls inside decoder layers are scaled from
    the `traced_layers` the model was built with to its real `model_layers`
    (a model truncated to fit one GPU); the others keep their count."""
    if traced_layers < 1 or model_layers < traced_layers:
        raise ValueError(f"traced_layers = {traced_layers}, model_layers = {model_layers}")
    ops: List[TraceOp] = []
    index = {}
    layer_seen = {}
    for r in records:
        key = (r.name, r.kind, r.m, r.n, r.k, r.batch, r.act_dtype)
        if key not in index:
            index[key] = len(ops)
            ops.append(TraceOp(r.name, r.kind, r.m, r.n, r.k, r.batch, 0, r.act_dtype, 16, 0))
            layer_seen[key] = False
        ops[index[key]].count += 1
        layer_seen[key] = layer_seen[key] or r.layer is not None
    for key, i in index.items():
        if layer_seen[key] and traced_layers != model_layers:
            scaled = ops[i].count * model_layers
            if scaled % traced_layers:
                raise ValueError(f"{key[0]}: {ops[i].count} calls in {traced_layers} layers")
            ops[i].count = scaled // traced_layers
    return ops


def _field(text: str) -> str:
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _check(trace: GemmTrace) -> None:
    def fail(msg: str):
        raise ValueError("to_trace_csv: " + msg)

    if not trace.model or any(c in trace.model for c in "\r\n"):
        fail("model is empty or holds a line break")
    if trace.phase not in PHASES:
        fail(f"phase {trace.phase!r} is not prefill|decode")
    for key, lo in (("batch", 1), ("seq_len", 0), ("kv_len", 0), ("tensor_parallel", 1)):
        if int(getattr(trace, key)) < lo:
            fail(f"{key} expected an integer >= {lo}")
    for i, op in enumerate(trace.ops):
        where = f"op {i} ({op.name})"
        if not op.name or any(c in op.name for c in "\r\n"):
            fail(where + ": name is empty or holds a line break")
        if op.kind not in KINDS:
            fail(where + f": kind {op.kind!r}")
        for key, lo in (("m", 0), ("n", 0), ("k", 0), ("batch", 1), ("elements", 0), ("count", 1)):
            if int(getattr(op, key)) < lo:
                fail(where + f": {key} expected an integer >= {lo}")
        if not (1 <= op.weight_bits <= 8 or op.weight_bits == 16):
            fail(where + ": weight_bits not 1..8 or 16")
        if op.act_dtype not in ACT_DTYPES:
            fail(where + f": act_dtype {op.act_dtype!r}")


def to_trace_csv(trace: GemmTrace) -> str:
    """The trace as lutsim's to_trace_csv writes it (byte for byte)."""
    _check(trace)
    out = [TAG, f"# model: {trace.model}", f"# phase: {trace.phase}"]
    for key in ("batch", "seq_len", "kv_len", "tensor_parallel"):
        out.append(f"# {key}: {int(getattr(trace, key))}")
    out.append(",".join(COLUMNS))
    for op in trace.ops:
        cells = [_field(op.name), op.kind] + [
            str(int(v)) for v in (op.m, op.n, op.k, op.batch, op.elements)
        ]
        cells += [op.act_dtype, str(int(op.weight_bits)), str(int(op.count))]
        out.append(",".join(cells))
    return "\n".join(out) + "\n"


def write_trace_csv(path: str, trace: GemmTrace) -> None:
    text = to_trace_csv(trace)
    with open(path, "w", newline="\n", encoding="utf-8") as f:
        f.write(text)
