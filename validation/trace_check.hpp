#pragma once

#include <string>
#include <vector>

#include "workloads/trace.hpp"

namespace lutsim {

// How the linear ops of two GEMM traces differ. Ops are matched by name; a
// name may occur several times (e.g. once per distinct shape), so each name's
// shapes are compared as a sorted list of (M, N, K, count).
struct LinearOpDifference {
  std::string name;      // the op name concerned
  std::string expected;  // "M=1 N=4096 K=4096 count=32; ..." or "(none)"
  std::string captured;  // the same for the captured trace
};

struct TraceComparison {
  std::vector<LinearOpDifference> differences;  // sorted by name

  bool matches() const { return differences.empty(); }
  // One line per difference: "<name>: expected <...>, captured <...>";
  // "linear ops match" when there is none.
  std::string report() const;
};

// Compares the kLinear ops (name, M, N, K, count) of `expected` (e.g. what
// make_trace generates) with those of `captured` (e.g. a trace recorded from a
// framework by validation/trace/trace_model.py). Attention, norm and
// elementwise ops and the trace metadata are not compared.
TraceComparison compare_linear_ops(const GemmTrace& expected, const GemmTrace& captured);

}  // namespace lutsim
