// The analytic PPA model: component counts that mirror the RTL, the table's
// YAML round trip, the fits, and pricing with a small hand-made table.
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include "ppa/model/analytic_ppa.hpp"
#include "ppa/model/component_table.hpp"

namespace {

using namespace lutsim;
using namespace lutsim::ppa;

double count_of(const ComponentUses& u, ComponentId id) {
  double n = 0;
  for (const ComponentUse& c : u) {
    if (c.id == id) n += c.count;
  }
  return n;
}

const ComponentUse* use_of(const ComponentUses& u, ComponentId id) {
  for (const ComponentUse& c : u) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

// Every component measured: area = 1 + size um^2, leakage 1 uW, energy per
// cycle = 0.5 + rate pJ.
ComponentTable unit_table() {
  ComponentTable t;
  t.provenance.library = "unit";
  for (ComponentFit& f : t.fits) {
    f.measured = true;
    f.knots = {{0, 1, 1e-6, 0.5, 1.0}, {100, 101, 1e-6, 0.5, 1.0}};
  }
  return t;
}

DesignPoint lut_unit(int k, int w_bit, DataType a, bool symmetric = true) {
  DesignPoint d;
  d.kind = DesignKind::kLutDotUnit;
  d.geometry.k = k;
  d.weight_bits = w_bit;
  d.activation = a;
  d.geometry.table_form = symmetric ? TableForm::kSymmetricHalf : TableForm::kUnsignedFull;
  return d;
}

}  // namespace

TEST_CASE("component names round-trip and are unique", "[ppa][model]") {
  for (int i = 0; i < kComponentCount; ++i) {
    const auto id = static_cast<ComponentId>(i);
    CHECK(parse_component_name(component_name(id)) == id);
  }
  CHECK_THROWS_AS(parse_component_name("flux_capacitor"), std::invalid_argument);
}

TEST_CASE("lut_dot_unit is a table register, a lookup, a negation, an accumulator and ctrl",
          "[ppa][model]") {
  const ComponentUses fp16 = component_uses(lut_unit(4, 2, DataType::kFp16));
  const ComponentUse* reg = use_of(fp16, ComponentId::kTableRegFp16);
  REQUIRE(reg);
  CHECK(reg->size == 8 * 16);  // 2^(K-1) entries of 16 bits
  CHECK(reg->rate == 0.5);     // written once per W_BIT = 2 cycles
  const ComponentUse* lookup = use_of(fp16, ComponentId::kLookupFp16);
  REQUIRE(lookup);
  CHECK(lookup->size == 7 * 16);                        // an 8:1 mux of 16 bits
  CHECK(count_of(fp16, ComponentId::kAccFp16S1) == 1);  // SCALE_W = clog2(2) = 1
  CHECK(count_of(fp16, ComponentId::kCtrlW2) == 1);
  CHECK(count_of(fp16, ComponentId::kCondNegInt) == 0);  // FP16 negation: a sign XOR

  const ComponentUses full_int = component_uses(lut_unit(5, 8, DataType::kInt8, false));
  const ComponentUse* full_reg = use_of(full_int, ComponentId::kTableRegInt);
  REQUIRE(full_reg);
  CHECK(full_reg->size == 32 * 11);                          // 2^K entries of clog2(128*5+1)+1 bits
  CHECK(count_of(full_int, ComponentId::kCondNegInt) == 0);  // full tables are not negated
  CHECK(count_of(full_int, ComponentId::kAccIntS3) == 1);

  DesignPoint neg = lut_unit(4, 2, DataType::kInt8);
  CHECK(count_of(component_uses(neg), ComponentId::kLookupNegInt) == 1);  // negation in the mux
  CHECK(count_of(component_uses(neg), ComponentId::kLookupInt) == 0);
  neg.negation_in_acc = true;
  const ComponentUses folded = component_uses(neg);
  CHECK(count_of(folded, ComponentId::kLookupNegInt) == 0);
  CHECK(count_of(folded, ComponentId::kLookupInt) == 1);
  CHECK(count_of(folded, ComponentId::kAccIntNegS1) == 1);
}

TEST_CASE("lut_pe is a lookup and an accumulator, without table register or ctrl", "[ppa][model]") {
  DesignPoint pe = lut_unit(4, 2, DataType::kFp16);
  pe.kind = DesignKind::kLutPe;
  const ComponentUses u = component_uses(pe);
  REQUIRE(u.size == 2);
  const ComponentUse* lookup = use_of(u, ComponentId::kLookupFp16);
  REQUIRE(lookup);
  CHECK(lookup->size == 7 * 16);  // an 8:1 mux of 16 bits
  CHECK(lookup->rate == 0.5);     // the table changes once per W_BIT = 2 cycles
  CHECK(count_of(u, ComponentId::kAccFp16S1) == 1);
  CHECK(count_of(u, ComponentId::kTableRegFp16) == 0);
  CHECK(count_of(u, ComponentId::kCtrlW2) == 0);
}

TEST_CASE("arrays share M tables and one sequencer among M x N elements", "[ppa][model]") {
  DesignPoint d = lut_unit(4, 2, DataType::kFp16);
  d.kind = DesignKind::kLutArray;
  d.geometry.m = 2;
  d.geometry.n = 64;
  const ComponentUses u = component_uses(d);
  CHECK(count_of(u, ComponentId::kTableRegFp16) == 2);
  CHECK(count_of(u, ComponentId::kLookupFp16) == 128);
  CHECK(count_of(u, ComponentId::kAccFp16S1) == 128);
  CHECK(count_of(u, ComponentId::kCtrlW2) == 1);
}

TEST_CASE("precompute, MAC and ADD counts follow their RTL", "[ppa][model]") {
  DesignPoint p;
  p.kind = DesignKind::kTablePrecompute;
  p.activation = DataType::kFp16;
  p.geometry.k = 4;
  // The half-table leaf, sized by its 2^K - 4 + 2^(K-1) adders.
  const ComponentUses half = component_uses(p);
  const ComponentUse* pre = use_of(half, ComponentId::kPrecomputeFp16);
  REQUIRE(pre);
  CHECK(pre->size == 20);
  CHECK(pre->count == 1);
  p.geometry.k = 6;
  const ComponentUses half6 = component_uses(p);
  REQUIRE(use_of(half6, ComponentId::kPrecomputeFp16));
  CHECK(use_of(half6, ComponentId::kPrecomputeFp16)->size == 92);
  p.geometry.table_form = TableForm::kUnsignedFull;  // unsigned full table: 2^K - K - 1 adders
  CHECK(count_of(component_uses(p), ComponentId::kAddFp16) == 57);
  p.geometry.table_form = TableForm::kSymmetricHalf;
  p.geometry.k = 4;
  p.activation = DataType::kInt8;
  CHECK(count_of(component_uses(p), ComponentId::kPrecomputeInt) == 1);

  DesignPoint u = lut_unit(4, 2, DataType::kInt8);
  u.kind = DesignKind::kLutDotUnitPrecompute;
  const ComponentUses unit_uses = component_uses(u);
  const ComponentUse* in_unit = use_of(unit_uses, ComponentId::kPrecomputeInt);
  REQUIRE(in_unit);
  CHECK(in_unit->rate == 0.5);  // a new group of activations every W_BIT cycles
  CHECK(count_of(unit_uses, ComponentId::kTableRegInt) == 1);

  DesignPoint m;
  m.kind = DesignKind::kMacDotUnit;
  m.geometry.k = 5;
  m.activation = DataType::kInt8;
  const ComponentUses mu = component_uses(m);
  CHECK(count_of(mu, ComponentId::kMulInt8) == 5);
  CHECK(count_of(mu, ComponentId::kAddInt) == 4);
  REQUIRE(use_of(mu, ComponentId::kAccIntS0));
  CHECK(use_of(mu, ComponentId::kAccIntS0)->size == 16 + 3);  // NODE_W = 16 + clog2(K)

  DesignPoint a;
  a.kind = DesignKind::kAddDotUnit;
  a.geometry.k = 4;
  a.weight_bits = 4;
  a.activation = DataType::kInt8;
  const ComponentUses au = component_uses(a);
  CHECK(count_of(au, ComponentId::kCondNegInt) == 4);
  CHECK(count_of(au, ComponentId::kAddInt) == 3);
  CHECK(count_of(au, ComponentId::kAccIntS2) == 1);
  CHECK(count_of(au, ComponentId::kCtrlW4) == 1);
}

TEST_CASE("analytic_ppa sums area, leakage and rate-weighted energy", "[ppa][model]") {
  const ComponentTable t = unit_table();
  const DesignPoint d = lut_unit(2, 2, DataType::kFp16);
  // table reg (size 32, rate 1/2), lookup (size 16, rate 1/2), accumulator, ctrl.
  const AnalyticPpa p = analytic_ppa(d, t, 500);
  CHECK(p.area_um2 == Approx(33 + 17 + 1 + 1));
  CHECK(p.leakage_w == Approx(4e-6));
  const double energy_pj = 2 * (0.5 + 0.5) + 2 * (0.5 + 1.0);
  CHECK(p.dynamic_w == Approx(energy_pj * 1e-12 * 500e6));
  CHECK(p.total_w == Approx(p.dynamic_w + p.leakage_w));
  CHECK(p.macs_per_cycle == Approx(1.0));  // K / W_BIT
  CHECK(p.energy_per_mac_pj == Approx(p.total_w / 500e6 * 1e12));

  ComponentTable missing = t;
  missing.fit(ComponentId::kCtrlW2).measured = false;
  CHECK_THROWS_AS(analytic_ppa(d, missing, 500), std::runtime_error);
  CHECK_THROWS_AS(analytic_ppa(d, t, 0), std::invalid_argument);
}

TEST_CASE("fits split energy into base and event parts, knots per size", "[ppa][model]") {
  const LinearFit line = fit_line({1, 2, 3}, {3, 5, 7});
  CHECK(line.c0 == Approx(1));
  CHECK(line.c1 == Approx(2));
  const LinearFit constant = fit_line({4, 4}, {1, 3});
  CHECK(constant.c0 == Approx(2));
  CHECK(constant.c1 == 0);

  ComponentTable t;
  ComponentFit& f = t.fit(ComponentId::kTableRegFp16);
  // energy = (0.1 + 0.01 x) + rate (0.2 + 0.02 x), area = 5 x.
  for (const double x : {32.0, 128.0}) {
    for (const double rate : {1.0, 0.25}) {
      f.points.push_back({"lut_table_reg", "", x, rate, 5 * x, 1e-6 * x,
                          0.1 + 0.01 * x + rate * (0.2 + 0.02 * x)});
    }
  }
  fit_components(t);
  CHECK(f.measured);
  REQUIRE(f.knots.size() == 2);
  CHECK(f.knots[0].size == 32);
  CHECK(f.knots[0].energy_base_pj == Approx(0.1 + 0.32));
  CHECK(f.knots[0].energy_event_pj == Approx(0.2 + 0.64));
  // Linear in between and beyond along the nearest segment.
  CHECK(f.at(64).area_um2 == Approx(5 * 64));
  CHECK(f.at(512).area_um2 == Approx(5 * 512));
  CHECK(f.at(8).area_um2 == Approx(5 * 8));
  CHECK(f.energy_pj(64, 0.5) == Approx(0.1 + 0.64 + 0.5 * (0.2 + 1.28)));
  CHECK_FALSE(t.fit(ComponentId::kMulFp16).measured);
}

TEST_CASE("component tables round-trip through YAML with their provenance", "[ppa][model]") {
  ComponentTable t = unit_table();
  t.provenance.library_description = "unit cells";
  t.provenance.synthesis_flow = "yosys";
  t.provenance.power_flow = "power";
  t.provenance.git_revision = "abc";
  t.provenance.created_utc = "2026-01-01T00:00:00Z";
  t.provenance.clock_mhz = 500;
  t.provenance.cycles = 600;
  t.provenance.warmup_cycles = 8;
  t.provenance.seed = 7;
  t.provenance.stimulus = "N(0,1)\nsecond line";
  t.fit(ComponentId::kAddInt).points.push_back({"mb_add_int", "W=16", 16, 1, 90, 2e-6, 0.25});
  t.fit(ComponentId::kMulFp16).measured = false;
  const ComponentTable r = parse_component_table(to_yaml(t), "round trip");
  CHECK(r.provenance.library == "unit");
  CHECK(r.provenance.stimulus == t.provenance.stimulus);
  CHECK(r.provenance.seed == 7);
  CHECK(r.provenance.cycles == 600);
  CHECK_FALSE(r.fit(ComponentId::kMulFp16).measured);
  const ComponentFit& add = r.fit(ComponentId::kAddInt);
  CHECK(add.measured);
  REQUIRE(add.knots.size() == 2);
  CHECK(add.at(50).area_um2 == Approx(51));
  REQUIRE(add.points.size() == 1);
  CHECK(add.points[0].parameters == "W=16");
  CHECK(add.points[0].energy_pj == Approx(0.25));

  CHECK_THROWS_AS(parse_component_table("library: x\n", "bad"), std::runtime_error);
  CHECK_THROWS_WITH(parse_component_table(to_yaml(t) + "  flux: {}\n", "bad"),
                    Catch::Contains("flux"));
}

TEST_CASE("the committed tables load and price every design kind", "[ppa][model]") {
  const std::string library = GENERATE(as<std::string>{}, "nangate45", "asap7");
  const ComponentTable t = load_component_table("configs/ppa/components_" + library + ".yaml");
  CHECK(t.provenance.library == library);
  for (const DesignKind kind :
       {DesignKind::kLutDotUnit, DesignKind::kLutDotUnitPrecompute, DesignKind::kAddDotUnit,
        DesignKind::kMacDotUnit, DesignKind::kLutArray, DesignKind::kMacArray,
        DesignKind::kTablePrecompute}) {
    for (const DataType a : {DataType::kFp16, DataType::kInt8}) {
      DesignPoint d;
      d.kind = kind;
      d.activation = a;
      d.geometry.m = 2;
      d.geometry.n = 4;
      const AnalyticPpa p = analytic_ppa(d, t, 500);
      INFO(d.label());
      CHECK(p.area_um2 > 0);
      CHECK(p.total_w > p.leakage_w);
      CHECK(p.leakage_w > 0);
    }
  }
}
