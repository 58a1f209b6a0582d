#include <catch2/catch.hpp>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/reference/tile_reference.hpp"
#include "sim/reference/tile_stimulus.hpp"

using namespace lutsim;
using namespace lutsim::cycle_ref;

namespace {

TileCycle valid_cycle(bool first, bool last, unsigned idx) {
  TileCycle c;
  c.in.valid = true;
  c.in.first = first;
  c.in.last = last;
  c.in.idx = {idx};
  return c;
}

}  // namespace

TEST_CASE("the tile reference accumulates bit-serial lookups cycle by cycle", "[sim]") {
  // A 1 x 1 tile, K = 2, W = 2, FP16 half tables of x = (1, 2): stored
  // entries T[0] = -1 + 2 = 1 and T[1] = 1 + 2 = 3; index 3 reads +3,
  // index 0 reads -T[1] = -3.
  TileShape shape;
  shape.geometry = {.k = 2};
  shape.w_bit = 2;
  const LutGemmConfig cfg = shape.golden_config(TableForm::kSymmetricHalf);
  TileReference ref(shape);
  TileCycle load;
  load.loads.push_back({0, {precompute_table(std::vector<double>{1.0, 2.0}, cfg)}, cfg});
  ref.clock(load);
  CHECK_FALSE(ref.out_valid());

  ref.clock(valid_cycle(true, false, 3));  // plane 0: 0 + 3
  CHECK(ref.acc()[0] == Fp16::from_double(3.0).bits());
  CHECK_FALSE(ref.out_valid());
  ref.clock(valid_cycle(false, true, 0));  // plane 1: 3 + 2 * -3
  CHECK(ref.acc()[0] == Fp16::from_double(-3.0).bits());
  CHECK(ref.out_valid());
  ref.clock(TileCycle{});  // a bubble: out_valid is a one-cycle pulse, acc holds
  CHECK_FALSE(ref.out_valid());
  CHECK(ref.acc()[0] == Fp16::from_double(-3.0).bits());
  ref.clock(valid_cycle(true, false, 2));  // in_first restarts from +0: +1
  CHECK(ref.acc()[0] == Fp16::from_double(1.0).bits());
  TileCycle reset;
  reset.reset = true;
  ref.clock(reset);
  CHECK(ref.acc()[0] == 0u);
}

TEST_CASE("lookup_accumulate: FP16 rounds every step, INT32 wraps", "[sim]") {
  TileShape shape;
  shape.geometry = {.k = 2};
  const LutGemmConfig fp16 = shape.golden_config(TableForm::kSymmetricHalf);
  const LutTable t = precompute_table(std::vector<double>{1.0, 2.0}, fp16);
  // 2048 + 2^0 * 1 rounds to even in binary16.
  CHECK(lookup_accumulate(Fp16::from_double(2048.0).bits(), false, t, 2, 0, fp16) ==
        Fp16::from_double(2048.0).bits());
  CHECK(lookup_accumulate(Fp16::from_double(2048.0).bits(), true, t, 2, 3, fp16) ==
        Fp16::from_double(8.0).bits());
  shape.integer_tables = true;
  const LutGemmConfig int32 = shape.golden_config(TableForm::kSymmetricHalf);
  const LutTable ti = precompute_table(std::vector<double>{-128.0, 127.0}, int32);
  // index 0 reads -(x0 + x1) = 1; 0x7FFFFFFF + 1 wraps.
  CHECK(lookup_accumulate(0x7FFFFFFFu, false, ti, 0, 0, int32) == 0x80000000u);
}

// Stimulus and reference agree with lut_mpgemm on every finished problem:
// the cycle model is the golden numerics, cycle by cycle.
TEST_CASE("the tile reference reproduces lut_mpgemm for every stimulus problem", "[sim]") {
  std::vector<TileShape> shapes(5);
  shapes[0].geometry = {.m = 2, .n = 3, .k = 4};
  shapes[1].geometry = {.m = 2, .n = 2, .k = 3, .table_form = TableForm::kUnsignedFull};
  shapes[1].integer_tables = true;
  shapes[1].w_bit = 3;
  shapes[2].geometry = {.m = 1, .n = 4, .k = 2};
  shapes[2].pair = true;
  shapes[3].geometry = {.m = 2, .n = 2, .k = 4};
  shapes[3].quantized = true;
  shapes[3].w_bit = 4;
  shapes[4].geometry = {.m = 1, .n = 1, .k = 5, .table_form = TableForm::kSymmetricFull};
  shapes[4].precompute = true;
  for (const TileShape& shape : shapes) {
    INFO(shape.name());
    TileStimulus stimulus(shape, 7);
    TileReference ref(shape);
    std::uint64_t results = 0;
    for (int cycle = 0; cycle < 3000; ++cycle) {
      const TileCycle& c = stimulus.next(cycle < 2 || cycle % 997 == 0);
      ref.clock(c);
      CHECK(ref.out_valid() == c.result_due.has_value());
      if (!c.result_due) continue;
      for (int m = 0; m < shape.geometry.m; ++m) {
        for (int n = 0; n < shape.geometry.n; ++n) {
          const auto i = static_cast<std::size_t>(m * shape.geometry.n + n);
          REQUIRE(ref.acc()[i] == shape.acc_bits((*c.result_due)(m, n)));
          ++results;
        }
      }
    }
    CHECK(results > 100);
    CHECK(stimulus.vectors() > 2000);
  }
}
