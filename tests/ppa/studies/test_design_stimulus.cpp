#include <catch2/catch.hpp>
#include <cstdlib>

#include "core/lut/lut_table.hpp"
#include "core/numerics/fp16.hpp"
#include "ppa/design/design_stimulus.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

namespace {

const PortWaveform& port(const Stimulus& s, const std::string& name) {
  for (const PortWaveform& w : s.inputs) {
    if (w.port == name) return w;
  }
  FAIL("no port " << name);
  throw;
}

unsigned long long value(const PortWaveform& w, int cycle) {
  return std::strtoull(w.hex_per_cycle.at(cycle).c_str(), nullptr, 16);
}

}  // namespace

TEST_CASE("LUT unit stimulus: one plane per cycle, a new table every W_BIT cycles",
          "[ppa][stimulus]") {
  DesignPoint d;  // lut_dot_unit K4 W2 fp16 half
  const Stimulus s = design_stimulus(d, 100, 7);
  CHECK(s.cycles == 100);
  CHECK(s.warmup_cycles > 0);
  for (const PortWaveform& w : s.inputs) {
    REQUIRE(w.hex_per_cycle.size() == 100u);
    for (const std::string& h : w.hex_per_cycle) CHECK(h.size() == (w.width + 3) / 4u);
  }
  CHECK(port(s, "tbl_wr_data").width == 8 * 16);
  const PortWaveform& rst = port(s, "rst");
  const PortWaveform& wr = port(s, "tbl_wr_en");
  const PortWaveform& first = port(s, "in_first");
  const PortWaveform& last = port(s, "in_last");
  CHECK(value(rst, 0) == 1);
  CHECK(value(rst, 5) == 0);
  // The first index is in cycle 3, after the table written in cycle 2; then a
  // table in the last plane of every group, and a dot product of 8 groups.
  CHECK(value(wr, 2) == 1);
  for (int c = 3; c < 100; ++c) {
    const int step = c - 3;
    CHECK(value(wr, c) == (step % 2 == 1 ? 1u : 0u));
    CHECK(value(first, c) == (step % 16 == 0 ? 1u : 0u));
    CHECK(value(last, c) == (step % 16 == 15 ? 1u : 0u));
  }
}

TEST_CASE("LUT tables in the stimulus are golden tables of the activations", "[ppa][stimulus]") {
  DesignPoint d;
  d.geometry.k = 2;
  d.activation = DataType::kInt8;
  const Stimulus s = design_stimulus(d, 40, 3);
  // K = 2 half table of integers: H0 = -x0 + x1, H1 = x0 + x1 (ENTRY_W = 10 bits),
  // so H1 - H0 = 2 x0 and H1 + H0 = 2 x1 with x0, x1 INT8 codes.
  const PortWaveform& data = port(s, "tbl_wr_data");
  REQUIRE(data.width == 20);
  const auto entry = [](unsigned long long bits) {
    const long long v = static_cast<long long>(bits & 0x3FF);
    return v >= 512 ? v - 1024 : v;
  };
  int tables = 0;
  for (int c = 2; c < 40; c += 2) {
    const unsigned long long bits = value(data, c);
    const long long h0 = entry(bits), h1 = entry(bits >> 10);
    CHECK((h1 - h0) % 2 == 0);
    CHECK(std::abs(h1 - h0) / 2 <= 127);
    CHECK(std::abs(h1 + h0) / 2 <= 127);
    tables += (h0 != 0 || h1 != 0);
  }
  CHECK(tables >= 15);
}

TEST_CASE("MAC stimulus: new operands every cycle", "[ppa][stimulus]") {
  DesignPoint d;
  d.kind = DesignKind::kMacDotUnit;
  d.activation = DataType::kInt8;
  const Stimulus s = design_stimulus(d, 50, 1);
  CHECK(port(s, "a_flat").width == 4 * 8);
  CHECK(port(s, "b_flat").width == 4 * 8);
  int changes = 0;
  for (int c = 3; c < 50; ++c) changes += value(port(s, "a_flat"), c) != value(port(s, "a_flat"), c - 1);
  CHECK(changes >= 45);
  CHECK_THROWS_WITH(design_stimulus(d, 5, 1), Catch::Contains("warm-up"));
}

TEST_CASE("element stimulus holds the table for W_BIT cycles and counts planes", "[ppa][stimulus]") {
  DesignPoint d;
  d.kind = DesignKind::kLutPe;
  d.weight_bits = 4;
  const Stimulus s = design_stimulus(d, 60, 5);
  const PortWaveform& table = port(s, "table_flat");
  const PortWaveform& plane = port(s, "plane");
  CHECK(plane.width == 2);
  for (int c = 3; c < 60; ++c) {
    const int step = c - 3;
    CHECK(value(plane, c) == static_cast<unsigned>(step % 4));
    if (step % 4 != 0) CHECK(table.hex_per_cycle[c] == table.hex_per_cycle[c - 1]);
  }
  DesignPoint conventional;
  conventional.kind = DesignKind::kLutDotUnitPrecompute;
  conventional.geometry.table_form = TableForm::kUnsignedFull;
  CHECK(port(design_stimulus(conventional, 20, 1), "tbl_x").width == 4 * 16);
}
