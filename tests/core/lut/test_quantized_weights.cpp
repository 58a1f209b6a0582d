#include <catch2/catch.hpp>

#include "core/lut/quantized_weights.hpp"
#include "core/lut/random_problem.hpp"

using namespace lutsim;

TEST_CASE("reinterpretation maps codes to odd integers with scale/2 and 2z-(2^b-1)", "[lut]") {
  QuantizedWeights w{1, 4, 2, {0, 1, 2, 3}, {0.5}, {1.0}};
  const ReinterpretedWeights r = reinterpret_weights(w);
  CHECK(r.odd == std::vector<std::int16_t>{-3, -1, 1, 3});
  CHECK(r.scale[0] == 0.25);
  CHECK(r.zero_point[0] == -1.0);
  for (int k = 0; k < 4; ++k) {
    for (int j = 0; j < 2; ++j) CHECK(r.plane_bit(0, k, j) == ((w.code(0, k) >> j) & 1));
  }
}

TEST_CASE("reinterpretation leaves the dequantized weights unchanged", "[lut]") {
  for (int bits = 1; bits <= 8; ++bits) {
    RandomProblemSpec spec;
    spec.n = 16;
    spec.k = 64;
    spec.weight_bits = bits;
    spec.symmetric_zero_point = (bits % 2) == 0;
    spec.seed = 100 + bits;
    const QuantizedWeights w = make_random_problem(spec).w;
    const Matrix before = w.dequantized();
    const Matrix after = reinterpret_weights(w).dequantized();
    INFO("bits = " << bits);
    // scale/2 and 2z - (2^b - 1) are exact in double; only the final product rounds.
    CHECK((before - after).cwiseAbs().maxCoeff() <= 1e-15 * before.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("weights with codes outside b bits are rejected", "[lut]") {
  QuantizedWeights w{1, 2, 2, {1, 4}, {1.0}, {0.0}};
  CHECK_THROWS_WITH(w.validate(), "weight code 4 does not fit in 2 bits");
}
