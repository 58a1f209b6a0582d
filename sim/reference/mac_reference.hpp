#pragma once

#include <cstdint>
#include <vector>

namespace lutsim::cycle_ref {

// The operands of one cycle of a MAC array: a[row][i] and b[col][i], K raw
// operand bits each (FP16 or INT8 two's complement).
struct MacOperandsIn {
  bool valid = false;
  bool first = false;
  bool last = false;
  std::vector<std::vector<std::uint32_t>> a;  // [m][k]
  std::vector<std::vector<std::uint32_t>> b;  // [n][k]
};

// The cycle-level golden model of mac_array (mac_dot_unit is its 1 x 1
// case) with core/'s MAC numerics: a reset clears it; otherwise out_valid =
// in_valid & in_last and on in_valid
//   acc[m][n] <- mac_dot_*_step(in_first ? +0 : acc[m][n], a_m, b_n).
class MacReference {
 public:
  MacReference(int m, int n, bool integer);

  // Advances over the rising edge that samples `in` (ignored under reset).
  void clock(bool reset, const MacOperandsIn& in);

  // After the edge: acc[m * N + n] as raw bits, and out_valid.
  const std::vector<std::uint32_t>& acc() const { return acc_; }
  bool out_valid() const { return out_valid_; }

 private:
  void step_int8(const MacOperandsIn& in);
  void step_fp16(const MacOperandsIn& in);

  int m_, n_;
  bool integer_;
  std::vector<std::uint32_t> acc_;
  bool out_valid_ = false;
};

}  // namespace lutsim::cycle_ref
