#pragma once

#include <map>
#include <string>
#include <vector>

#include "compiler/ir/graph.hpp"
#include "core/lut/lut_mpgemm.hpp"

namespace lutsim::ir {

// What a graph computes, on core's golden numerics, so tests can hold a
// transformed graph to the values of the original. Per node kind:
//   input         the given X (values representable in FP16);
//   norm          RMSNorm without gain, y = x / sqrt(mean(x^2) + 1e-5) per row;
//   elementwise   the sum of its operands (a residual add);
//   linear        lut_mpgemm's outputs (low-bit weights only), its tables in
//                 the unsigned_full form for unsigned codes, the datapath's
//                 symmetric form for odd codes (weights reinterpreted);
//   precompute    lut_precompute's tables of its operand (and its row sums);
//   lut_linear    lut_accumulate over the tables it reads, then lut_outputs;
// a norm or elementwise node with a fused precompute writes lut_precompute's
// tables of its result. Tables take their entry format from the node's table
// layout (e.g. INT8 after quantize_tables), the rest from the datapath
// (INT8 activations: exact integer tables, INT32 accumulation).
// Outputs apply the weight scale and zero point of the codes (core's
// reinterpret_weights for odd codes). Matrix results are rounded to FP16
// (what the nodes write). Other kinds, 16-bit linears, odd
// codes on an unsigned_full datapath and matrices of rank other than 2 are
// refused (std::invalid_argument naming the node).
class ReferenceEvaluator {
 public:
  // `datapath`: the LUT datapath (geometry k, table form and format,
  // accumulator; weight_bits and activation are taken per node);
  // `weights`: each linear's, by node name.
  ReferenceEvaluator(LutGemmConfig datapath, std::map<std::string, QuantizedWeights> weights);

  // The values of the graph outputs, in Graph::outputs order, for input `x`.
  std::vector<Matrix> run(const Graph& graph, const Matrix& x) const;

 private:
  struct Value {
    Matrix values;
    std::vector<LutTable> tables;
    std::vector<double> row_sums;  // of the activations tabulated, for the outputs
  };
  // `values` with the tables node `n` writes of them.
  Value tables_of(const Matrix& values, const Node& n) const;

  Value evaluate(const Graph& g, NodeId id, const std::vector<const Value*>& in,
                 const Matrix& x) const;
  Value linear(const Node& n, const Value& in) const;
  LutGemmConfig config_of(const Node& n) const;     // a linear's
  LutGemmConfig table_config(const Node& n) const;  // the tables a node writes
  const QuantizedWeights& weights_of(const Node& n) const;

  LutGemmConfig datapath_;
  std::map<std::string, QuantizedWeights> weights_;
};

}  // namespace lutsim::ir
