#include "compiler/ir/reference_evaluator.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "core/numerics/fp16.hpp"

namespace lutsim::ir {
namespace {

constexpr double kNormEpsilon = 1e-5;

std::invalid_argument refused(const Node& n, const std::string& why) {
  return std::invalid_argument("reference evaluator: node '" + n.name + "' (" +
                               std::string(to_string(n.kind)) + "): " + why);
}

Matrix fp16_rounded(Matrix m) {
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = fp16_round(m.data()[i]).to_double();
  return m;
}

Matrix rms_norm(const Matrix& x) {
  Matrix y(x.rows(), x.cols());
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const double rms = std::sqrt(x.row(r).squaredNorm() / static_cast<double>(x.cols()) +
                                 kNormEpsilon);
    y.row(r) = x.row(r) / rms;
  }
  return fp16_rounded(std::move(y));
}

Matrix sum_of(const Node& n, const std::vector<Matrix>& operands) {
  Matrix sum = operands.front();
  for (std::size_t i = 1; i < operands.size(); ++i) {
    if (operands[i].rows() != sum.rows() || operands[i].cols() != sum.cols()) {
      throw refused(n, "operands of different shapes");
    }
    sum += operands[i];
  }
  return fp16_rounded(std::move(sum));
}

// The datapath for activations `act`: INT8 ones give exact integer tables
// accumulated in INT32 (table_format_for, accumulator_for); floating ones
// keep the datapath's table format and accumulator.
LutGemmConfig for_activation(LutGemmConfig cfg, DataType act) {
  cfg.activation = act;
  cfg.table_format = table_format_for(act, cfg.table_format);
  if (!is_floating_point(act)) cfg.accumulator = accumulator_for(act);
  return cfg;
}

}  // namespace

ReferenceEvaluator::ReferenceEvaluator(LutGemmConfig datapath,
                                       std::map<std::string, QuantizedWeights> weights)
    : datapath_(std::move(datapath)), weights_(std::move(weights)) {}

LutGemmConfig ReferenceEvaluator::config_of(const Node& n) const {
  LutGemmConfig cfg = for_activation(datapath_, n.act_dtype);
  cfg.weight_bits = n.weight_bits;
  if (n.weight_code == WeightCode::kUnsigned) {
    cfg.geometry.table_form = TableForm::kUnsignedFull;
  } else if (!cfg.geometry.symmetric()) {
    throw refused(n, "odd weight codes on an unsigned_full datapath");
  }
  return cfg;
}

LutGemmConfig ReferenceEvaluator::table_config(const Node& n) const {
  LutGemmConfig cfg = for_activation(datapath_, n.tables->activation);
  cfg.table_format = n.tables->format;
  return cfg;
}

const QuantizedWeights& ReferenceEvaluator::weights_of(const Node& n) const {
  const auto it = weights_.find(n.name);
  if (it == weights_.end()) throw refused(n, "no weights given");
  return it->second;
}

ReferenceEvaluator::Value ReferenceEvaluator::linear(const Node& n, const Value& in) const {
  if (n.weight_bits == 16) throw refused(n, "16-bit weights are not modelled");
  LutGemmConfig cfg = config_of(n);
  if (n.tables) cfg.table_format = n.tables->format;  // a LUT linear reads its tables' format
  const QuantizedWeights& w = weights_of(n);
  Value v;
  if (n.kind == NodeKind::kLinear) {
    v.values = fp16_rounded(lut_mpgemm(in.values, w, cfg).outputs);
  } else {
    const Matrix acc = lut_accumulate(in.tables, static_cast<int>(n.gemm.m), w, cfg);
    v.values = fp16_rounded(lut_outputs(acc, in.row_sums, w, cfg.geometry.table_form));
  }
  return v;
}

ReferenceEvaluator::Value ReferenceEvaluator::tables_of(const Matrix& values, const Node& n) const {
  return {values, lut_precompute(values, table_config(n)), activation_row_sums(values)};
}

ReferenceEvaluator::Value ReferenceEvaluator::evaluate(const Graph& g, NodeId id,
                                                       const std::vector<const Value*>& in,
                                                       const Matrix& x) const {
  const Node& n = g.node(id);
  if (n.shape.size() != 2) throw refused(n, "only matrices are modelled");
  Value v;
  switch (n.kind) {
    case NodeKind::kInput:
      v.values = x;
      break;
    case NodeKind::kNorm:
      v.values = rms_norm(in.front()->values);
      break;
    case NodeKind::kElementwise: {
      std::vector<Matrix> operands;
      for (const Value* value : in) operands.push_back(value->values);
      v.values = sum_of(n, operands);
      break;
    }
    case NodeKind::kLinear:
    case NodeKind::kLutLinear:
      return linear(n, *in.front());
    case NodeKind::kPrecompute:
      return tables_of(in.front()->values, n);
    default:
      throw refused(n, "not modelled");
  }
  if (n.tables) return tables_of(v.values, n);
  return v;
}

std::vector<Matrix> ReferenceEvaluator::run(const Graph& graph, const Matrix& x) const {
  std::map<NodeId, Value> values;
  for (const NodeId id : graph.topological_order()) {
    std::vector<const Value*> in;
    for (const NodeId p : graph.inputs(id)) in.push_back(&values.at(p));
    values[id] = evaluate(graph, id, in, x);
  }
  std::vector<Matrix> outputs;
  for (const NodeId id : graph.outputs()) outputs.push_back(values.at(id).values);
  return outputs;
}

}  // namespace lutsim::ir
