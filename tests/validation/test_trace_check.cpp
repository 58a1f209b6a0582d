// lutsim's trace generator against a trace captured from Hugging Face OPT
// (tests/validation/data/opt_6_7b_hf_decode_bs1.csv: what
// validation/trace/trace_model.py writes for OPT-6.7B, one decode step at
// batch 1 after a 127-token prompt, so 128 keys; HF OPT runs q/k/v apart).
#include <algorithm>
#include <catch2/catch.hpp>

#include "validation/trace_check.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

const char* const kCaptured = "tests/validation/data/opt_6_7b_hf_decode_bs1.csv";

GemmTrace generated(LinearFusion fusion) {
  const ModelSpec model = ModelCatalog("configs").load("OPT-6.7B");
  TraceRequest r;
  r.phase = Phase::kDecode;
  r.batch = 1;
  r.kv_len = 127;
  r.fusion = fusion;
  return make_trace(model, r);
}

bool reports(const TraceComparison& c, const std::string& name) {
  return std::any_of(c.differences.begin(), c.differences.end(),
                     [&](const LinearOpDifference& d) { return d.name == name; });
}

}  // namespace

TEST_CASE("trace check: OPT-6.7B decode matches the captured HF trace", "[validation][trace]") {
  const GemmTrace captured = read_trace_csv(kCaptured);
  REQUIRE(captured.model == "OPT-6.7B");
  for (LinearFusion f : {LinearFusion::kSeparate, LinearFusion::kCheckpoint}) {
    const TraceComparison c = compare_linear_ops(generated(f), captured);
    INFO("fusion " << to_string(f) << ":\n" << c.report());
    CHECK(c.matches());
    CHECK(c.report() == "linear ops match\n");
  }
}

TEST_CASE("trace check: framework fusion differs from HF OPT in qkv", "[validation][trace]") {
  const TraceComparison c =
      compare_linear_ops(generated(LinearFusion::kFramework), read_trace_csv(kCaptured));
  INFO(c.report());
  CHECK_FALSE(c.matches());
  CHECK(reports(c, "qkv_proj"));
  CHECK(reports(c, "q_proj"));
  CHECK_FALSE(reports(c, "ffn_up"));
  CHECK_FALSE(reports(c, "lm_head"));
}

TEST_CASE("trace check: an altered shape is reported with the op", "[validation][trace]") {
  GemmTrace captured = read_trace_csv(kCaptured);
  auto up = std::find_if(captured.ops.begin(), captured.ops.end(),
                         [](const TraceOp& op) { return op.name == "ffn_up"; });
  REQUIRE(up != captured.ops.end());
  up->n = 16000;
  const TraceComparison c = compare_linear_ops(generated(LinearFusion::kSeparate), captured);
  REQUIRE(c.differences.size() == 1);
  CHECK(c.differences[0].name == "ffn_up");
  CHECK(c.differences[0].expected == "M=1 N=16384 K=4096 count=32");
  CHECK(c.differences[0].captured == "M=1 N=16000 K=4096 count=32");
  CHECK(c.report() ==
        "ffn_up: expected M=1 N=16384 K=4096 count=32, captured M=1 N=16000 K=4096 count=32\n");
}

TEST_CASE("trace check: missing and extra ops and counts are reported", "[validation][trace]") {
  GemmTrace captured = read_trace_csv(kCaptured);
  // Drop v_proj, rename nothing, add an op the generator has no name for, and
  // change the LM head's count.
  captured.ops.erase(std::remove_if(captured.ops.begin(), captured.ops.end(),
                                    [](const TraceOp& op) { return op.name == "v_proj"; }),
                     captured.ops.end());
  TraceOp extra;
  extra.name = "project_out";
  extra.m = 1;
  extra.n = 512;
  extra.k = 4096;
  extra.act_dtype = DataType::kFp16;
  captured.ops.push_back(extra);
  for (TraceOp& op : captured.ops) {
    if (op.name == "lm_head") op.count = 2;
  }
  const TraceComparison c = compare_linear_ops(generated(LinearFusion::kSeparate), captured);
  INFO(c.report());
  REQUIRE(c.differences.size() == 3);
  CHECK(c.differences[0].name == "lm_head");
  CHECK(c.differences[1].name == "project_out");
  CHECK(c.differences[1].expected == "(none)");
  CHECK(c.differences[2].name == "v_proj");
  CHECK(c.differences[2].captured == "(none)");
  // Attention ops are not compared: changing them changes nothing.
  for (TraceOp& op : captured.ops) {
    if (op.kind == OpKind::kAttentionScore) op.n = 7;
  }
  CHECK(compare_linear_ops(generated(LinearFusion::kSeparate), captured).differences.size() == 3);
}
