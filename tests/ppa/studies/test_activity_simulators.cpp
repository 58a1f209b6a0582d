// The levelized activity simulator checked against iverilog on synthesized designs of every
// kind the studies simulate, in both cell libraries: per net, the same transitions and the
// same time at 1 over the window, hence the same power.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ppa/design/design_stimulus.hpp"
#include "ppa/flow/cell_library.hpp"
#include "ppa/power/activity_simulators.hpp"
#include "ppa/power/power_calculator.hpp"
#include "ppa/studies/design_evaluation.hpp"

using namespace lutsim;
using namespace lutsim::ppa;

namespace {

struct Case {
  std::string library;
  DesignPoint design;
};

DesignPoint point(DesignKind kind, int k, int w, DataType act, bool half = true, int m = 1,
                  int n = 1, int stages = 0) {
  DesignPoint d;
  d.kind = kind;
  d.geometry.m = m;
  d.geometry.n = n;
  d.geometry.k = k;
  d.geometry.table_form = half ? TableForm::kSymmetricHalf : TableForm::kUnsignedFull;
  d.weight_bits = w;
  d.activation = act;
  d.pipeline_stages = stages;
  return d;
}

struct Compared {
  int nets = 0, mismatched = 0;
  std::string first_mismatch;
  PowerReport levelized, iverilog;
};

Compared compare(const Case& c, int cycles) {
  EvaluationOptions o;
  o.library = cell_library(c.library);
  o.rtl_dir = "rtl";
  o.cache_dir = LUTSIM_PPA_CACHE_DIR;
  const SynthesisResult syn = synthesize(synthesis_request(c.design, o));
  const LibertyLibrary& lib = cached_liberty_library(o.library.liberty);
  const GateNetlist nl = GateNetlist::read(syn.netlist, syn.top, library_pin_directions(lib));
  const Stimulus stimulus = design_stimulus(c.design, cycles, 1);
  const double period_s = 1 / (o.clock_mhz * 1e6);
  const std::filesystem::path work = syn.work_dir / "activity_simulators_test";
  const ActivityRun run{lib, nl, syn.netlist, o.library.cell_models, stimulus, period_s, work};
  const NetlistActivity fast = activity_simulator("levelized")(run);
  const NetlistActivity slow = activity_simulator("iverilog")(run);
  Compared out;
  for (std::size_t n = 0; n < nl.nets().size(); ++n) {
    if (nl.nets()[n].constant >= 0) continue;
    ++out.nets;
    const SignalActivity& a = fast.nets[n];
    const SignalActivity& b = slow.nets[n];
    if (a.transitions != b.transitions || a.time_at_one_s != b.time_at_one_s) {
      if (!out.mismatched++) {
        out.first_mismatch = nl.nets()[n].name + ": " + std::to_string(a.transitions) + " vs " +
                             std::to_string(b.transitions) + " transitions";
      }
    }
  }
  CHECK(fast.window_s == slow.window_s);
  PowerOptions options;
  options.clock_period_s = period_s;
  options.input_net_switching = true;
  out.levelized = compute_power(lib, nl, fast, options);
  out.iverilog = compute_power(lib, nl, slow, options);
  return out;
}

void check_equal(const std::vector<Case>& cases, int cycles) {
  for (const Case& c : cases) {
    INFO(c.library << " " << c.design.label());
    const Compared r = compare(c, cycles);
    CHECK(r.nets > 100);
    INFO(r.first_mismatch);
    CHECK(r.mismatched == 0);
    CHECK(r.levelized.total_w == Approx(r.iverilog.total_w).epsilon(1e-12));
    CHECK(r.levelized.internal_w == Approx(r.iverilog.internal_w).epsilon(1e-12));
    CHECK(r.levelized.leakage_w == Approx(r.iverilog.leakage_w).epsilon(1e-12));
  }
}

}  // namespace

// One design per flip-flop type and datapath: NanGate45 DFF_X1 (Q = IQ) and ASAP7
// DFFHQNx1 (QN = IQN, next_state !D), FP16 and integer, a pipelined array, a precompute.
TEST_CASE("levelized activity equals iverilog's net for net (CI designs)", "[ppa][power]") {
  check_equal({{"nangate45", point(DesignKind::kLutDotUnit, 4, 2, DataType::kFp16)},
               {"asap7", point(DesignKind::kMacDotUnit, 4, 2, DataType::kInt8)},
               {"nangate45", point(DesignKind::kLutArray, 4, 2, DataType::kInt8, true, 1, 2, 2)},
               {"nangate45", point(DesignKind::kTablePrecompute, 3, 2, DataType::kFp16)}},
              200);
}

// Every kind in both libraries (tens of minutes: iverilog dominates).
TEST_CASE("levelized activity equals iverilog's net for net (every kind)", "[.][ppa][power]") {
  std::vector<Case> cases;
  for (const char* lib : {"nangate45", "asap7"}) {
    for (DataType act : {DataType::kFp16, DataType::kInt8}) {
      cases.push_back({lib, point(DesignKind::kLutDotUnit, 4, 2, act)});
      cases.push_back({lib, point(DesignKind::kLutDotUnitPrecompute, 4, 2, act)});
      cases.push_back({lib, point(DesignKind::kAddDotUnit, 4, 2, act)});
      cases.push_back({lib, point(DesignKind::kMacDotUnit, 4, 2, act)});
      cases.push_back({lib, point(DesignKind::kLutArray, 4, 2, act, true, 2, 4, 1)});
      cases.push_back({lib, point(DesignKind::kMacArray, 2, 2, act, true, 2, 2)});
      cases.push_back({lib, point(DesignKind::kTablePrecompute, 4, 2, act, false)});
      cases.push_back({lib, point(DesignKind::kLutPe, 4, 2, act, true, 1, 1, 1)});
    }
  }
  check_equal(cases, 300);
}
