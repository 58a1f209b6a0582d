#include <catch2/catch.hpp>
#include <set>

#include "tests/workloads/csv_table.hpp"
#include "tests/workloads/trace_lookup.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;

namespace {

// A trace's ops named for one row of llm_linear_gemm_shapes.csv: the fused
// rows come from the framework trace, the "(unfused)" ones from the separate
// trace (k_proj and v_proj both match "k_proj or v_proj").
struct RowTarget {
  bool separate;
  std::vector<std::string> ops;
};

RowTarget target_of(const std::string& linear) {
  if (linear == "qkv_fused") return {false, {"qkv_proj"}};
  if (linear == "attn_out") return {false, {"attn_out"}};
  if (linear == "ffn_up(fc1)") return {false, {"ffn_up"}};
  if (linear == "ffn_gate_up_fused") return {false, {"ffn_gate_up"}};
  if (linear == "ffn_down(fc2)" || linear == "ffn_down") return {false, {"ffn_down"}};
  if (linear == "lm_head") return {false, {"lm_head"}};
  if (linear == "q_proj (unfused)") return {true, {"q_proj"}};
  if (linear == "k_proj or v_proj (unfused)") return {true, {"k_proj", "v_proj"}};
  if (linear == "ffn_gate (unfused)") return {true, {"ffn_gate", "ffn_up"}};
  FAIL("unknown linear in the CSV: " << linear);
  return {};
}

GemmTrace trace_of(const ModelSpec& m, LinearFusion fusion, std::int64_t batch) {
  TraceRequest r;
  r.phase = Phase::kDecode;
  r.batch = batch;
  r.kv_len = 7;
  r.weight_bits = 2;
  r.fusion = fusion;
  return make_trace(m, r);
}

}  // namespace

TEST_CASE("every catalog linear matches llm_linear_gemm_shapes.csv", "[workloads]") {
  const ModelCatalog catalog("configs");
  const auto rows = test::read_csv_table("tests/workloads/data/llm_linear_gemm_shapes.csv");
  std::set<std::string> models;
  int checked = 0;
  for (const auto& row : rows) {
    const std::string& model = row.at("model");
    INFO(model << " " << row.at("linear"));
    models.insert(model);
    const ModelSpec spec = catalog.load(model);
    const RowTarget target = target_of(row.at("linear"));
    const GemmTrace trace =
        trace_of(spec, target.separate ? LinearFusion::kSeparate : LinearFusion::kFramework, 3);
    const std::int64_t n = std::stoll(row.at("N_out_features"));
    const std::int64_t k = std::stoll(row.at("K_in_features"));
    CHECK(n * k == std::stoll(row.at("weight_params")));
    for (const auto& name : target.ops) {
      const TraceOp& op = test::op_named(trace, name);
      CHECK(op.kind == OpKind::kLinear);
      CHECK(op.n == n);
      CHECK(op.k == k);
      CHECK(op.count == std::stoll(row.at("count_per_model")));
      CHECK(op.m == 3);  // decode: M = batch
      ++checked;
    }
  }
  CHECK(models.size() == 16);
  // 7 rows per non-gated model (OPT x5, BLOOM x2), 8 per gated one (x9); the
  // k/v and gate rows each check two ops.
  CHECK(checked == 7 * 7 + 8 * 9 + 16 + 9);
}

TEST_CASE("the framework trace has no linear that the CSV lacks", "[workloads]") {
  const ModelCatalog catalog("configs");
  for (const auto& name : catalog.names()) {
    INFO(name);
    const ModelSpec spec = catalog.load(name);
    std::set<std::string> linears;
    for (const auto& op : trace_of(spec, LinearFusion::kFramework, 1).ops) {
      if (op.kind == OpKind::kLinear) linears.insert(op.name);
    }
    const std::set<std::string> expected =
        spec.gated_ffn
            ? std::set<std::string>{"qkv_proj", "attn_out", "ffn_gate_up", "ffn_down", "lm_head"}
            : std::set<std::string>{"qkv_proj", "attn_out", "ffn_up", "ffn_down", "lm_head"};
    CHECK(linears == expected);
  }
}
