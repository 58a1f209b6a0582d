#!/usr/bin/python3
"""Capture the GEMMs a Hugging Face model really runs, as lutsim trace CSVs.

Builds an OPT / BLOOM / Llama model from its config (transformers'
from_config: random weights, nothing downloaded), runs one prefill of
--batch x --seq tokens and then one decode step with that KV cache, records
every linear layer (forward hooks on nn.Linear: M = rows of the input, N =
out_features, K = in_features) and every batched matmul inside an attention
module (a TorchDispatchMode on aten.bmm / baddbmm / mm / addmm: the first one
of a call is the score product Q K^T, the second the value product P V), and
writes <out>/<name>_prefill.csv and <out>/<name>_decode.csv in lutsim's trace
format (lutsim_trace_csv.py, the same bytes as workloads/trace_csv.cpp).

Compare with lutsim's generated trace:
    build/cli/lutsim trace --model OPT-6.7B --phase decode \
        --batch 1 --kv-len 127 --fusion checkpoint --compare out/opt-6.7b_decode.csv

Requirements: Debian's /usr/bin/python3 with PyTorch and transformers
(eager attention, which every supported transformers version has). Big models
do not fit one GPU with all their layers: --layers N builds only N decoder
layers and scales the per-layer counts to the config's real depth (the
shapes of a layer do not depend on how many there are).

Conventions of the captured trace (what the framework runs, unfused):
  * HF runs q/k/v apart for OPT and Llama, fused for BLOOM (query_key_value),
    and gate/up apart for Llama: compare with lutsim's --fusion checkpoint.
  * attention ops: batch = sequences x query heads (HF repeats K/V heads for
    GQA), M = query rows; lutsim groups GQA heads (batch x kv heads, M = group
    x rows). Only linear ops are compared by trace_check.
  * the LM head: prefill passes logits_to_keep=1 (num_logits_to_keep on older
    transformers) so it runs on the last token, as serving frameworks do; if
    the installed version has neither, M = batch x seq and a warning is printed.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lutsim_trace_csv as tc  # noqa: E402

# Hugging Face config.json values of the models lutsim's catalog holds
# (configs/models/*.yaml cite the same files), so that nothing is downloaded.
BUILTIN_CONFIGS: Dict[str, dict] = {
    "OPT-6.7B": dict(model_type="opt", hidden_size=4096, ffn_dim=16384, num_hidden_layers=32,
                     num_attention_heads=32, vocab_size=50272, word_embed_proj_dim=4096,
                     max_position_embeddings=2048, do_layer_norm_before=True,
                     activation_function="relu"),
    "OPT-66B": dict(model_type="opt", hidden_size=9216, ffn_dim=36864, num_hidden_layers=64,
                    num_attention_heads=72, vocab_size=50272, word_embed_proj_dim=9216,
                    max_position_embeddings=2048, do_layer_norm_before=True,
                    activation_function="relu"),
    "OPT-175B": dict(model_type="opt", hidden_size=12288, ffn_dim=49152, num_hidden_layers=96,
                     num_attention_heads=96, vocab_size=50272, word_embed_proj_dim=12288,
                     max_position_embeddings=2048, do_layer_norm_before=True,
                     activation_function="relu"),
    "BLOOM-7B1": dict(model_type="bloom", hidden_size=4096, n_layer=30, n_head=32,
                      vocab_size=250880),
    "BLOOM-176B": dict(model_type="bloom", hidden_size=14336, n_layer=70, n_head=112,
                       vocab_size=250880),
    "Llama-2-7B": dict(model_type="llama", hidden_size=4096, intermediate_size=11008,
                       num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=32,
                       vocab_size=32000, max_position_embeddings=4096, rms_norm_eps=1e-5),
    "Llama-2-70B": dict(model_type="llama", hidden_size=8192, intermediate_size=28672,
                        num_hidden_layers=80, num_attention_heads=64, num_key_value_heads=8,
                        vocab_size=32000, max_position_embeddings=4096, rms_norm_eps=1e-5),
}


def _num_layers(cfg: dict) -> int:
    return int(cfg.get("num_hidden_layers", cfg.get("n_layer", 0)))


def _with_layers(cfg: dict, layers: int) -> dict:
    out = dict(cfg)
    out["n_layer" if "n_layer" in cfg else "num_hidden_layers"] = layers
    return out


class _Recorder:
    """Module-path stack from forward hooks plus a dispatch mode for matmuls."""

    def __init__(self, torch, model):
        self.torch = torch
        self.records: List[tc.GemmRecord] = []
        self.stack: List[str] = []
        self.attn_calls: Dict[int, int] = {}
        self.in_linear = 0
        self.handles = []
        for name, module in model.named_modules():
            if not name:
                continue
            self.handles.append(module.register_forward_pre_hook(self._pre(name, module)))
            self.handles.append(module.register_forward_hook(self._post(name, module)))

    def _is_attention(self, name: str) -> bool:
        return name.split(".")[-1] in ("self_attn", "self_attention", "attention", "attn")

    def _pre(self, name, module):
        is_linear = isinstance(module, self.torch.nn.Linear)

        def hook(mod, args):
            self.stack.append(name)
            if self._is_attention(name):
                self.attn_calls[len(self.stack)] = 0
            if is_linear:
                self.in_linear += 1
                x = args[0]
                rows = 1
                for d in x.shape[:-1]:
                    rows *= int(d)
                self.records.append(tc.GemmRecord(
                    tc.hf_linear_name(name), "linear", rows, int(mod.out_features),
                    int(mod.in_features), 1, tc.act_dtype_name(str(x.dtype)),
                    tc.layer_index(name)))

        return hook

    def _post(self, name, module):
        is_linear = isinstance(module, self.torch.nn.Linear)

        def hook(mod, args, output):
            if is_linear:
                self.in_linear -= 1
            if self._is_attention(name):
                self.attn_calls.pop(len(self.stack), None)
            self.stack.pop()

        return hook

    def matmul(self, func, args):
        """Called by the dispatch mode for aten matmuls outside nn.Linear."""
        if self.in_linear:
            return
        name = func.overloadpacket.__name__
        if name in ("bmm", "baddbmm"):
            a, b = (args[0], args[1]) if name == "bmm" else (args[1], args[2])
            batch, m, k = (int(d) for d in a.shape)
            n = int(b.shape[2])
        elif name in ("mm", "addmm"):
            a, b = (args[0], args[1]) if name == "mm" else (args[1], args[2])
            batch, (m, k), n = 1, (int(d) for d in a.shape), int(b.shape[1])
        else:
            return
        try:
            act = tc.act_dtype_name(str(a.dtype))
        except ValueError:
            return  # FP32 bookkeeping (e.g. rotary frequencies), not a model GEMM
        path = self.stack[-1] if self.stack else "<top>"
        # Only matmuls issued by the attention module itself (not by a child
        # such as a rotary embedding) are the score and value products.
        depth = len(self.stack) if len(self.stack) in self.attn_calls else None
        if depth is not None:
            nth = self.attn_calls[depth]
            self.attn_calls[depth] = nth + 1
            kind = "attention_score" if nth == 0 else "attention_value"
            op = "attn_score" if nth == 0 else "attn_value"
            if nth > 1:
                kind, op = "linear", f"attn_matmul{nth}"
        else:
            kind, op = "linear", "matmul@" + path.split(".")[-1]
        self.records.append(tc.GemmRecord(op, kind, m, n, k, batch, act, tc.layer_index(path)))

    def take(self) -> List[tc.GemmRecord]:
        out, self.records = self.records, []
        return out


def trace(args) -> None:
    import torch
    import transformers
    from torch.utils._python_dispatch import TorchDispatchMode

    if args.config:
        import json
        with open(args.config, encoding="utf-8") as f:
            cfg_dict = json.load(f)
        name = args.name or os.path.basename(os.path.dirname(os.path.abspath(args.config)))
    else:
        if args.model not in BUILTIN_CONFIGS:
            sys.exit(f"trace_model.py: unknown model {args.model!r}; built in: "
                     f"{', '.join(BUILTIN_CONFIGS)} (or pass --config config.json)")
        cfg_dict = BUILTIN_CONFIGS[args.model]
        name = args.name or args.model
    model_layers = _num_layers(cfg_dict)
    layers = min(args.layers or model_layers, model_layers)
    cfg_dict = _with_layers(cfg_dict, layers)
    model_type = cfg_dict["model_type"]
    config = transformers.AutoConfig.for_model(**cfg_dict)
    dtype = {"fp16": torch.float16, "bf16": torch.bfloat16}[args.dtype]
    device = torch.device(args.device)
    kwargs = {}
    if "attn_implementation" in inspect.signature(transformers.AutoModelForCausalLM.from_config).parameters \
            or hasattr(config, "_attn_implementation"):
        kwargs["attn_implementation"] = "eager"
    with device:
        model = transformers.AutoModelForCausalLM.from_config(config, torch_dtype=dtype, **kwargs)
    model.eval()
    print(f"trace_model.py: {name} ({model_type}), {layers} of {model_layers} layers, "
          f"{sum(p.numel() for p in model.parameters()) / 1e9:.2f} G parameters on {device}",
          file=sys.stderr)

    recorder = _Recorder(torch, model)

    class Mode(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, a=(), kw=None):
            recorder.matmul(func, a)
            return func(*a, **(kw or {}))

    forward_params = inspect.signature(model.forward).parameters
    keep = {}
    for key in ("logits_to_keep", "num_logits_to_keep"):
        if key in forward_params:
            keep = {key: 1}
            break
    if not keep:
        print("trace_model.py: warning: this transformers has no logits_to_keep; the prefill "
              "LM head runs on every token", file=sys.stderr)

    b, s = args.batch, args.seq
    gen = torch.Generator(device=device).manual_seed(0)
    ids = torch.randint(0, config.vocab_size, (b, s), device=device, generator=gen)
    mask = torch.ones(b, s, dtype=torch.long, device=device)
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, name.lower().replace(" ", "_"))
    with torch.inference_mode():
        with Mode():
            out = model(input_ids=ids, attention_mask=mask, use_cache=True, **keep)
        prefill = recorder.take()
        next_ids = out.logits[:, -1:, :].argmax(-1)
        mask = torch.ones(b, s + 1, dtype=torch.long, device=device)
        with Mode():
            model(input_ids=next_ids, attention_mask=mask, past_key_values=out.past_key_values,
                  use_cache=True)
        decode = recorder.take()
    for phase, records, seq_len, kv_len in (("prefill", prefill, s, s), ("decode", decode, 1, s)):
        t = tc.GemmTrace(name, phase, b, seq_len, kv_len, 1, tc.aggregate(records, layers, model_layers))
        path = f"{stem}_{phase}.csv"
        tc.write_trace_csv(path, t)
        print(f"wrote {path}: {len(t.ops)} ops", file=sys.stderr)


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default="OPT-6.7B",
                   help="built-in config: " + ", ".join(BUILTIN_CONFIGS) + " (default OPT-6.7B)")
    p.add_argument("--config", help="a Hugging Face config.json instead of --model")
    p.add_argument("--name", help="model name in the trace (default: --model)")
    p.add_argument("--batch", type=int, default=1, help="sequences (default 1)")
    p.add_argument("--seq", type=int, default=128, help="prompt tokens; decode attends to seq+1 (default 128)")
    p.add_argument("--layers", type=int, default=0,
                   help="decoder layers to build (default: all); counts are scaled to the real depth")
    p.add_argument("--dtype", choices=("fp16", "bf16"), default="fp16")
    p.add_argument("--device", default="cuda", help="torch device (default cuda)")
    p.add_argument("-o", "--out", default="traces", help="output folder (default traces/)")
    args = p.parse_args(argv)
    if args.batch < 1 or args.seq < 1 or args.layers < 0:
        p.error("--batch and --seq must be >= 1, --layers >= 0")
    trace(args)


if __name__ == "__main__":
    main()
