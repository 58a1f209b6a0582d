#include "ppa/studies/ppa_study.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>

#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {
namespace {

using Cell = ResultTable::Cell;

const std::vector<ResultTable::Column> kMetricColumns = {
    {"design_label", "", "design point"},
    {"rtl", "", "RTL top and parameters"},
    {"pipeline_stages", "", "pipeline registers (the RTL's PIPE_STAGES or LOOKUP_REG)"},
    {"area", "um^2", "cell area at the library's node"},
    {"sequential_area", "um^2", "flip-flop area (nan: not separated by the analytic model)"},
    {"critical_path", "ns", "OpenSTA worst path (nan: not timed)"},
    {"max_clock", "MHz", "1000 / critical_path"},
    {"clock", "MHz", "clock of power and throughput"},
    {"meets_clock", "", "yes if max_clock >= clock"},
    {"clock_slack", "ns",
     "1000 / clock - critical_path: negative, the design misses clock by that"},
    {"power_method", "", "gate-level, or how an array's power was composed"},
    {"power", "mW", "total power at clock (internal + switching + leakage)"},
    {"internal_power", "mW", ""},
    {"switching_power", "mW", ""},
    {"leakage_power", "mW", ""},
    {"macs_per_cycle", "MAC/cycle", "weight x activation MACs completed per cycle"},
    {"energy_per_mac", "pJ", "power / MAC rate"},
    {"compute_density", "TOPS/mm^2",
     "2 ops per MAC at clock, per area (nan: the design misses clock, see max_clock)"},
    {"energy_efficiency", "TOPS/W",
     "2 ops per MAC at clock, per watt (nan: the design misses clock, see max_clock)"},
    {"area_power_product", "mm^2*mW", "area x power"},
    {"area_28nm", "um^2", "area scaled to 28 nm (see note)"},
    {"power_28nm", "mW", "power scaled to 28 nm at the same clock"},
    {"compute_density_28nm", "TOPS/mm^2", "at 28 nm, same clock"},
    {"energy_efficiency_28nm", "TOPS/W", "at 28 nm, same clock"},
};

// Slack of a timed design at its study clock (negative: it misses the clock).
double clock_slack_ns(const DesignPpa& p) {
  return 1000.0 / p.clock_mhz - p.critical_path_ns;
}

// A note naming each timed design that misses its clock, by how much and the
// clock it meets; empty if none does.
std::string missed_clock_note(const DesignResults& results) {
  std::string text;
  int missed = 0;
  for (const auto& [label, p] : results) {
    if (!p.misses_clock()) continue;
    char line[300];
    std::snprintf(line, sizeof line, "%s%s misses by %.3f ns (meets %.1f MHz)",
                  missed++ > 0 ? "; " : "", p.design.label().c_str(), -clock_slack_ns(p),
                  p.max_clock_mhz);
    text += line;
  }
  if (missed == 0) return {};
  return std::to_string(missed) + " of " + std::to_string(results.size()) +
         " designs miss the study clock (they have no compute_density or energy_efficiency: "
         "empty, '-' in the table; "
         "power is at the study clock): " + text;
}

void append_metrics(std::vector<Cell>& row, const DesignPpa& p, double copies,
                    const NodeScaling& scale) {
  const double area = p.area_um2 * copies;
  const double power = p.total_w * copies;
  // A design that was not timed (the analytic model, or timing turned off) has no path.
  const bool timed = p.critical_path_ns > 0;
  const double untimed = std::numeric_limits<double>::quiet_NaN();
  row.insert(row.end(), {p.design.label(),
                         p.rtl,
                         std::int64_t{p.design.pipeline_stages},
                         area,
                         p.sequential_area_um2 * copies,
                         timed ? p.critical_path_ns : untimed,
                         timed ? p.max_clock_mhz : untimed,
                         p.clock_mhz,
                         std::string(!timed                           ? "untimed"
                                     : p.max_clock_mhz >= p.clock_mhz ? "yes"
                                                                      : "no"),
                         timed ? clock_slack_ns(p) : untimed,
                         p.power_method,
                         power * 1e3,
                         p.internal_w * copies * 1e3,
                         p.switching_w * copies * 1e3,
                         p.leakage_w * copies * 1e3,
                         p.macs_per_cycle * copies,
                         p.energy_per_mac_pj(),
                         p.tops_per_mm2(),
                         p.tops_per_w(),
                         area * 1e-6 * power * 1e3,
                         area * scale.area,
                         power * scale.power * 1e3,
                         p.tops_per_mm2() / scale.area,
                         p.tops_per_w() / scale.power});
}

// Evaluates every distinct design of the plan, `jobs` at a time.
DesignResults evaluate_all(const Plan& plan, const PpaRunOptions& o) {
  std::map<std::string, DesignPoint> todo;
  for (const RowPlan& r : plan.rows) todo.emplace(r.design.label(), r.design);
  DesignResults done;
  std::mutex mu;
  std::exception_ptr failure;
  std::size_t finished = 0;
  boost::asio::thread_pool pool(static_cast<std::size_t>(std::max(1, o.jobs)));
  for (const auto& [label, design] : todo) {
    boost::asio::post(pool, [&, label = label, design = design] {
      {
        std::lock_guard lock(mu);
        if (failure) return;
      }
      const auto t0 = std::chrono::steady_clock::now();
      try {
        DesignPpa p = o.evaluate(design);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::lock_guard lock(mu);
        ++finished;
        if (o.progress) {
          o.progress(finished, todo.size(),
                     label + ": " + fixed(p.area_um2, 0) + " um^2, " + fixed(p.total_w * 1e3, 3) +
                         " mW (" + fixed(s, 1) + " s)");
        }
        done.emplace(label, std::move(p));
      } catch (...) {
        std::lock_guard lock(mu);
        if (!failure) failure = std::current_exception();
      }
    });
  }
  pool.join();
  if (failure) std::rethrow_exception(failure);
  return done;
}

}  // namespace

const std::vector<ResultTable::Column> kModuleColumns = {
    {"design_label", "", "design point"},
    {"module", "", "RTL module"},
    {"parameterization", "", "the module as yosys names it (parameters hashed)"},
    {"instances", "", "instances in one design"},
    {"area_each", "um^2", "one instance, its submodules included"},
    {"own_area_each", "um^2", "one instance, its own cells only"},
    {"own_area_total", "um^2", "instances x own_area_each"},
    {"share_of_design", "", "own_area_total / the design's area"},
};

// One row per module of every distinct synthesized design.
ResultTable module_table(const DesignResults& results) {
  ResultTable t(kModuleColumns);
  for (const auto& [key, p] : results) {
    for (const ModuleArea& m : p.modules) {
      const double own_total = m.own_area_um2 * m.instances;
      t.add_row({p.design.label(), m.base_module, m.module, std::int64_t{m.instances}, m.area_um2,
                 m.own_area_um2, own_total, p.area_um2 > 0 ? own_total / p.area_um2 : 0.0});
    }
  }
  return t;
}

const std::vector<ResultTable::Column> kComponentColumns = {
    {"design_label", "", "design point"},
    {"component", "", "tables, lookup muxes, adders, multipliers, accumulators, pipeline "
                      "registers, precompute, control or other"},
    {"module", "", "the RTL module whose cells these are (ppa/studies/component_areas.hpp)"},
    {"instances", "", "instances of the module counted"},
    {"area", "um^2", "their cells, at the library's node"},
    {"share_of_design", "", "area / the design's area"},
    {"power", "mW", "their cells' internal, leakage and switching power (of the nets they "
                    "drive) at the study clock; arrays: composed as the design's power"},
    {"share_of_power", "", "power / the design's power"},
};

// One row per component and module of every distinct synthesized design: the area items,
// each with its power, then any power item without area (input ports; for a composed
// array, a block's top).
ResultTable component_table(const DesignResults& results) {
  ResultTable t(kComponentColumns);
  for (const auto& entry : results) {
    const DesignPpa& p = entry.second;  // a lambda below uses it (clang 14: no captured bindings)
    // No power figures (analytic model, power off): empty fields, not zeros.
    const bool priced = !p.component_power.empty();
    const auto power_cells = [&](double w) -> std::pair<double, double> {
      if (!priced) return {std::nan(""), std::nan("")};
      return {w * 1e3, p.total_w > 0 ? w / p.total_w : std::nan("")};
    };
    std::vector<const ComponentPower*> unmatched;
    for (const ComponentPower& c : p.component_power) unmatched.push_back(&c);
    for (const ComponentArea& c : p.components) {
      const auto it = std::find_if(unmatched.begin(), unmatched.end(), [&](const auto* q) {
        return q->component == c.component && q->module == c.module;
      });
      double w = 0;  // an item without cells of its own draws none
      if (it != unmatched.end()) {
        w = (*it)->total_w();
        unmatched.erase(it);
      }
      const auto [mw, share] = power_cells(w);
      t.add_row({p.design.label(), c.component, c.module, std::int64_t{c.instances}, c.area_um2,
                 p.area_um2 > 0 ? c.area_um2 / p.area_um2 : 0.0, mw, share});
    }
    for (const ComponentPower* c : unmatched) {
      const auto [mw, share] = power_cells(c->total_w());
      t.add_row({p.design.label(), c->component, c->module, std::int64_t{0}, 0.0, 0.0, mw, share});
    }
  }
  return t;
}

PpaStudyResult run_ppa_study(const PpaStudy& study, const PpaRunOptions& options) {
  const PpaRunSpec& spec = study.run_spec();
  const Plan plan = study.plan();
  const DesignResults results = evaluate_all(plan, options);
  std::vector<ResultTable::Column> columns = plan.key_columns;
  columns.insert(columns.end(), kMetricColumns.begin(), kMetricColumns.end());
  PpaStudyResult out{ResultTable(columns), module_table(results), component_table(results),
                     study.findings(plan, results), plan.notes};
  out.notes.push_back("28 nm columns: " + options.scaling.method);
  if (const std::string missed = missed_clock_note(results); !missed.empty())
    out.notes.push_back(missed);
  if (spec.method == "analytic") {
    out.notes.push_back(
        "analytic: priced by the component model (configs/ppa/components_" + spec.library +
        ".yaml), validated against the full flow mapped without a delay target within 10% "
        "area and 15% power except the power of INT8 LUT arrays, about 18% low "
        "(ppa/model/README.md)");
  } else if (std::any_of(plan.rows.begin(), plan.rows.end(), [](const RowPlan& r) {
               return r.design.kind == DesignKind::kLutArray ||
                      r.design.kind == DesignKind::kMacArray;
             })) {
    out.notes.push_back(
        "synthesis: arrays' power is composed from gate-level simulated blocks; against a "
        "small array simulated whole the composition is 5-11% low (ppa/model/README.md)");
  }
  for (const RowPlan& r : plan.rows) {
    std::vector<Cell> row = r.keys;
    append_metrics(row, results.at(r.design.label()), r.copies, options.scaling);
    out.table.add_row(std::move(row));
  }
  return out;
}

}  // namespace lutsim::ppa
