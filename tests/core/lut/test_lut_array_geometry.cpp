#include <catch2/catch.hpp>

#include "core/lut/lut_array_geometry.hpp"

using namespace lutsim;

TEST_CASE("the table entry count follows the table form", "[numerics]") {
  LutArrayGeometry g;  // k = 4, half tables
  CHECK(g.table_entries() == 8);
  g.table_form = TableForm::kSymmetricFull;
  CHECK(g.table_entries() == 16);
  g.table_form = TableForm::kUnsignedFull;
  CHECK(g.table_entries() == 16);
  CHECK_FALSE(g.symmetric());
  g.k = 2;
  CHECK(g.table_entries() == 4);
  g = {.k = 6};
  CHECK(g.table_entries() == 32);
  CHECK(g.symmetric());
}

TEST_CASE("an array pass counts M x N lookups of k one-bit products each", "[numerics]") {
  const LutArrayGeometry g{.m = 2, .n = 64, .k = 4};
  CHECK(g.shape_name() == "M2N64K4");
  CHECK(g.lookups_per_pass() == 128);
  CHECK(g.one_bit_macs_per_pass() == 512);
  CHECK(LutArrayGeometry{}.shape_name() == "M1N1K4");
}

TEST_CASE("a geometry out of range is an error naming the field", "[numerics]") {
  CHECK_NOTHROW(LutArrayGeometry{.m = 2, .n = 64, .k = 6}.validate());
  CHECK_THROWS_WITH(LutArrayGeometry{.k = 1}.validate(),
                    "table group size k must be in [2, 6], got 1");
  CHECK_THROWS_WITH(LutArrayGeometry{.k = 7}.validate(),
                    "table group size k must be in [2, 6], got 7");
  CHECK_THROWS_WITH(LutArrayGeometry{.m = 0}.validate(), "array M must be >= 1, got 0");
  CHECK_THROWS_WITH(LutArrayGeometry{.n = -3}.validate(), "array N must be >= 1, got -3");
}
