#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

#include "ppa/model/analytic_ppa.hpp"
#include "ppa/model/component_table.hpp"
#include "ppa/studies/ppa_study.hpp"

namespace lutsim::ppa {

DesignEvaluator make_evaluator(const PpaRunSpec& spec, const std::filesystem::path& repo_dir,
                               const std::filesystem::path& cache_dir) {
  if (spec.method == "analytic") {
    const std::filesystem::path path = repo_dir / "configs/ppa" / ("components_" + spec.library + ".yaml");
    auto table = std::make_shared<const ComponentTable>(load_component_table(path));
    const double clock = spec.clock_mhz;
    return [table, clock, path](const DesignPoint& d) {
      const AnalyticPpa a = analytic_ppa(d, *table, clock);
      DesignPpa p;
      p.design = d;
      p.rtl = rtl_text(d);
      p.area_um2 = a.area_um2;
      // Not modelled: flip-flop area is not separated, and no path is timed.
      p.sequential_area_um2 = std::numeric_limits<double>::quiet_NaN();
      p.clock_mhz = clock;
      p.macs_per_cycle = a.macs_per_cycle;
      // The component model prices dynamic power as a whole: no internal/switching split.
      p.internal_w = p.switching_w = std::numeric_limits<double>::quiet_NaN();
      p.leakage_w = a.leakage_w;
      p.total_w = a.total_w;
      p.power_method = "analytic (" + path.filename().string() + ")";
      return p;
    };
  }
  EvaluationOptions o;
  o.library = cell_library(spec.library);
  o.rtl_dir = repo_dir / "rtl";
  o.cache_dir = cache_dir;
  o.clock_mhz = spec.clock_mhz;
  o.power_cycles = spec.power_cycles;
  o.activity_simulator = spec.activity_simulator;
  o.seed = spec.seed;
  return [o](const DesignPoint& d) { return evaluate_design(d, o); };
}

}  // namespace lutsim::ppa
