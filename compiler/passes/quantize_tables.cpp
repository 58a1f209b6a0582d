#include "compiler/passes/quantize_tables.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"

namespace lutsim::compiler {
namespace {

// The output error of INT8 tables against FP16 ones for one LUT linear.
struct TableError {
  int rows = 0;
  int cols = 0;
  double max_relative = 0.0;
  double rms_relative = 0.0;
};

TableError measure(const ir::Node& linear, const PassContext& c) {
  TableError e{static_cast<int>(std::min(linear.gemm.m, QuantizeTables::kSampleRows)),
               static_cast<int>(std::min(linear.gemm.n, QuantizeTables::kSampleCols))};
  const MpGemmProblem p = make_random_problem({.m = e.rows,
                                               .n = e.cols,
                                               .k = static_cast<int>(linear.gemm.k),
                                               .activation = linear.act_dtype,
                                               .weight_bits = linear.weight_bits,
                                               .seed = QuantizeTables::kSeed});
  LutGemmConfig cfg{linear.weight_bits, c.geometry, linear.act_dtype, TableEntryFormat::kFp16,
                    DataType::kFp32};
  const Matrix fp16 = lut_mpgemm(p.x, p.w, cfg).outputs;
  cfg.table_format = TableEntryFormat::kInt8Quantized;
  const Matrix diff = lut_mpgemm(p.x, p.w, cfg).outputs - fp16;
  e.max_relative = diff.cwiseAbs().maxCoeff() / fp16.cwiseAbs().maxCoeff();
  e.rms_relative = diff.norm() / fp16.norm();  // the sample sizes cancel
  return e;
}

std::string percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %%", 100.0 * share);
  return text;
}

GemmEffect quantized(const ir::Graph& g, ir::NodeId writer, const ir::Node& linear,
                     const PassContext& c) {
  const TableError e = measure(linear, c);
  return {{linear.name},
          g.node(writer).name,
          "quantized",
          "FP16 table entries -> INT8 with one scale per table: output error on random data " +
              std::to_string(e.rows) + " x " + std::to_string(e.cols) + " x " +
              std::to_string(linear.gemm.k) + " (seed " + std::to_string(QuantizeTables::kSeed) +
              "): max " + percent(e.max_relative) + ", RMS " + percent(e.rms_relative) +
              " of the FP16-table result",
          {{"error_max_relative", e.max_relative},
           {"error_rms_relative", e.rms_relative},
           {"sample_rows", e.rows},
           {"sample_cols", e.cols},
           {"k", linear.gemm.k},
           {"seed", QuantizeTables::kSeed}}};
}

// Why tables stay as they are; nullopt when they are quantized.
std::optional<std::string> kept_because(const ir::TableLayout& t) {
  if (!is_floating_point(t.activation)) {
    return "tables of " + std::string(to_string(t.activation)) +
           " activations: exact integer sums, nothing to quantize";
  }
  if (t.format != TableEntryFormat::kFp16) {
    return "tables of " + std::string(to_string(t.format)) + " entries, not FP16";
  }
  return std::nullopt;
}

// The INT8 layout of FP16 tables.
ir::TableLayout int8_layout(ir::TableLayout layout) {
  layout.format = TableEntryFormat::kInt8Quantized;
  layout.entry_dtype = DataType::kInt8;
  return layout;
}

}  // namespace

std::vector<GemmEffect> QuantizeTables::run(ir::Graph& graph, const PassContext& context) const {
  std::vector<GemmEffect> effects;
  for (const ir::NodeId writer : graph.topological_order()) {
    ir::Node& w = graph.node(writer);
    if (!w.tables || w.kind == ir::NodeKind::kLutLinear) continue;
    const std::vector<ir::NodeId> readers = graph.consumers(writer);
    if (const auto why = kept_because(*w.tables)) {
      for (const ir::NodeId r : readers) {
        effects.push_back({{graph.node(r).name}, w.name, "kept", *why});
      }
      continue;
    }
    const ir::TableLayout layout = int8_layout(*w.tables);
    w.tables = layout;
    graph.set_output(writer, {graph.output(writer).shape, layout.entry_dtype});
    for (const ir::NodeId r : readers) {
      graph.node(r).tables = layout;
      effects.push_back(quantized(graph, writer, graph.node(r), context));
    }
  }
  return effects;
}

}  // namespace lutsim::compiler
