#pragma once
// The operand stream of a MAC tile (mac_dot_unit, mac_array), shared by its
// Verilator bench and its SystemC tests: dot products of 1..6 vectors (a
// third of them one vector long, so results come back to back), one
// MacOperands distribution per dot product for all rows and columns (FP16
// specials, subnormals, NaN/inf, overflow, cancellation, ties; INT8 extremes).

#include <cstdint>
#include <random>

#include "sim/reference/mac_operands.hpp"
#include "sim/reference/mac_reference.hpp"

namespace lutsim::cycle_ref {

class MacStimulus {
 public:
  MacStimulus(int m, int n, int k, bool integer, std::uint64_t seed)
      : m_(m), n_(n), k_(k), integer_(integer), rng_(seed) {}

  // The next vector of the stream (valid; in_first on a dot product's first
  // vector, in_last on its last).
  MacOperandsIn next() {
    MacOperands operands(rng_);
    MacOperandsIn s;
    s.valid = true;
    if (remaining_ == 0) {  // start a dot product
      remaining_ = rng_() % 3 == 0 ? 1 : 1 + static_cast<int>(rng_() % 6);
      dist_ =
          static_cast<int>(rng_() % (integer_ ? MacOperands::kInt8Dists : MacOperands::kFp16Dists));
      s.first = true;
    }
    s.last = --remaining_ == 0;
    std::vector<std::uint32_t> unused;
    s.a.resize(static_cast<std::size_t>(m_));
    s.b.resize(static_cast<std::size_t>(n_));
    for (auto& a : s.a) operands.vectors(integer_, dist_, k_, a, unused);
    for (auto& b : s.b) operands.vectors(integer_, dist_, k_, unused, b);
    ++vectors_;
    return s;
  }

  // A reset dropped the dot product in progress: the next vector starts one.
  void restart() { remaining_ = 0; }

  std::uint64_t vectors() const { return vectors_; }
  // The stream's generator, for junk on ignored inputs.
  std::mt19937_64& rng() { return rng_; }

 private:
  int m_, n_, k_;
  bool integer_;
  std::mt19937_64 rng_;
  int remaining_ = 0;  // vectors left in the current dot product
  int dist_ = 0;
  std::uint64_t vectors_ = 0;
};

}  // namespace lutsim::cycle_ref
