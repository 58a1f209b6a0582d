"""validation/trace/lutsim_trace_csv.py without torch: the records
trace_model.py collects for HF OPT-6.7B (one decode step, batch 1, 127 cached
tokens) give exactly the committed data/opt_6_7b_hf_decode_bs1.csv, which the
C++ test reads with read_trace_csv and compares with make_trace.

Run from the repository root: python3 tests/validation/test_trace_csv_py.py
"""
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "validation", "trace"))

import lutsim_trace_csv as tc  # noqa: E402

COMMITTED = os.path.join(ROOT, "tests", "validation", "data", "opt_6_7b_hf_decode_bs1.csv")


def opt_decode_records(layers):
    """What the hooks see in HF OPTForCausalLM, decode, batch 1, kv 127."""
    records = []
    for i in range(layers):
        p = f"model.decoder.layers.{i}."
        for leaf, n, k in (("self_attn.q_proj", 4096, 4096), ("self_attn.k_proj", 4096, 4096),
                           ("self_attn.v_proj", 4096, 4096)):
            records.append(tc.GemmRecord(tc.hf_linear_name(p + leaf), "linear", 1, n, k, 1,
                                         tc.act_dtype_name("torch.float16"), tc.layer_index(p + leaf)))
        # eager attention: bmm [32, 1, 128] x [32, 128, 128], then [32, 1, 128] x [32, 128, 128]
        records.append(tc.GemmRecord("attn_score", "attention_score", 1, 128, 128, 32, "fp16", i))
        records.append(tc.GemmRecord("attn_value", "attention_value", 1, 128, 128, 32, "fp16", i))
        for leaf, n, k in (("self_attn.out_proj", 4096, 4096), ("fc1", 16384, 4096), ("fc2", 4096, 16384)):
            records.append(tc.GemmRecord(tc.hf_linear_name(p + leaf), "linear", 1, n, k, 1, "fp16",
                                         tc.layer_index(p + leaf)))
    records.append(tc.GemmRecord(tc.hf_linear_name("lm_head"), "linear", 1, 50272, 4096, 1, "fp16",
                                 tc.layer_index("lm_head")))
    return records


class TraceCsvTest(unittest.TestCase):
    def committed(self):
        with open(COMMITTED, encoding="utf-8", newline="") as f:
            return f.read()

    def trace(self, layers):
        ops = tc.aggregate(opt_decode_records(layers), layers, 32)
        return tc.GemmTrace("OPT-6.7B", "decode", 1, 1, 127, 1, ops)

    def test_full_depth_matches_committed_csv(self):
        self.assertEqual(tc.to_trace_csv(self.trace(32)), self.committed())

    def test_truncated_model_scales_layer_counts(self):
        self.assertEqual(tc.to_trace_csv(self.trace(2)), self.committed())

    def test_hf_names(self):
        self.assertEqual(tc.hf_linear_name("model.layers.0.mlp.gate_proj"), "ffn_gate")
        self.assertEqual(tc.hf_linear_name("model.layers.0.self_attn.o_proj"), "attn_out")
        self.assertEqual(tc.hf_linear_name("transformer.h.3.self_attention.query_key_value"), "qkv_proj")
        self.assertEqual(tc.hf_linear_name("transformer.h.3.self_attention.dense"), "attn_out")
        self.assertEqual(tc.hf_linear_name("transformer.h.3.mlp.dense_4h_to_h"), "ffn_down")
        self.assertEqual(tc.hf_linear_name("model.decoder.project_out"), "project_out")
        self.assertEqual(tc.layer_index("transformer.h.3.mlp.dense_4h_to_h"), 3)
        self.assertIsNone(tc.layer_index("lm_head"))

    def test_bad_values_are_refused(self):
        with self.assertRaises(ValueError):
            tc.act_dtype_name("torch.float32")
        with self.assertRaises(ValueError):
            tc.to_trace_csv(tc.GemmTrace("m", "train"))
        with self.assertRaises(ValueError):
            tc.aggregate(opt_decode_records(3), 5, 32)  # 3 calls in 5 layers

    def test_quoting(self):
        t = tc.GemmTrace("X", "prefill", 1, 4, 4, 1, [tc.TraceOp("a,b", m=1, n=2, k=3)])
        self.assertTrue(tc.to_trace_csv(t).endswith('"a,b",linear,1,2,3,1,0,fp16,16,1\n'))


if __name__ == "__main__":
    unittest.main()
