#include <catch2/catch.hpp>

#include "core/numerics/fp16.hpp"
#include "sim/reference/mac_reference.hpp"

using namespace lutsim;
using namespace lutsim::cycle_ref;

TEST_CASE("the MAC reference accumulates dot products per row and column", "[sim]") {
  // 1 x 2 INT8, K = 2: a = (3, -2); b0 = (1, 1), b1 = (-128, 4).
  MacReference ref(1, 2, true);
  MacOperandsIn in{true, true, false, {{3, 0xFE}}, {{1, 1}, {0x80, 4}}};
  ref.clock(false, in);
  CHECK(ref.acc() == std::vector<std::uint32_t>{1, static_cast<std::uint32_t>(-392)});
  CHECK_FALSE(ref.out_valid());
  in.first = false;
  in.last = true;
  ref.clock(false, in);
  CHECK(ref.acc() == std::vector<std::uint32_t>{2, static_cast<std::uint32_t>(-784)});
  CHECK(ref.out_valid());
  ref.clock(true, in);
  CHECK(ref.acc() == std::vector<std::uint32_t>{0, 0});
  CHECK_FALSE(ref.out_valid());
}

TEST_CASE("the MAC reference ignores operands of bubbles", "[sim]") {
  MacReference ref(1, 1, false);
  const std::uint32_t one = Fp16::from_double(1.0).bits(), two = Fp16::from_double(2.0).bits();
  ref.clock(false, {true, true, false, {{one}}, {{two}}});
  CHECK(ref.acc()[0] == two);
  ref.clock(false, {false, true, true, {{two}}, {{two}}});
  CHECK(ref.acc()[0] == two);
  CHECK_FALSE(ref.out_valid());
}
