#include "ppa/studies/ppa_study.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>

namespace lutsim::ppa {
namespace {

using Cell = ResultTable::Cell;

// One row of a study: its key cells, the design it prices and how many copies
// of that design the row stands for (units of an array, arrays of a core).
struct RowPlan {
  std::vector<Cell> keys;
  DesignPoint design;
  double copies = 1;
};

struct Plan {
  std::vector<ResultTable::Column> key_columns;
  std::vector<RowPlan> rows;
  std::vector<std::string> notes;
};

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string act_name(ActivationType a) {
  return std::string(lutsim::to_string(a));
}

// A design family of studies 1 and 4 at (K, W, A).
DesignPoint family_design(const std::string& family, int k, int w, ActivationType a) {
  DesignPoint d;
  d.geometry.k = k;
  d.weight_bits = w;
  d.activation = a;
  if (family == "lut") {  // LUT Tensor Core unit: half table, no negation circuit, no precompute
    d.kind = DesignKind::kLutDotUnit;
    d.negation_in_acc = true;
  } else if (family == "lut_conventional") {  // full table computed in the unit
    d.kind = DesignKind::kLutDotUnitPrecompute;
    d.geometry.table_form = TableForm::kUnsignedFull;
  } else if (family == "mac") {
    d.kind = DesignKind::kMacDotUnit;
  } else if (family == "add") {  // bit-serial adds with {0, 1} weight digits
    d.kind = DesignKind::kAddDotUnit;
    d.geometry.table_form = TableForm::kUnsignedFull;
  } else {
    throw std::invalid_argument("unknown design family '" + family + "'");
  }
  return d;
}

const std::vector<std::string> kFamilyNotes = {
    "lut: LUT Tensor Core dot unit (half table, negation folded into the accumulator, table "
    "precomputed outside the unit); lut_conventional: full 2^K table computed inside the unit; "
    "mac: K multipliers + adder tree (weights widened to the activation format); add: one "
    "add per set weight bit (bit-serial, {0,1} digits)"};

Plan plan_dot_units(const PpaStudySpec& s) {
  Plan p{{{"family", "", "lut, lut_conventional, mac, add"},
          {"k", "1", "dot-product length"},
          {"weight_bits", "bit", "weight precision W_INT"},
          {"activation", "", "activation format"}},
         {},
         kFamilyNotes};
  for (int k : s.group_sizes) {
    for (ActivationType a : s.activations) {
      for (int w : s.weight_bits) {
        for (const std::string& f : s.designs) {
          p.rows.push_back(
              {{f, std::int64_t{k}, std::int64_t{w}, act_name(a)}, family_design(f, k, w, a)});
        }
      }
    }
  }
  return p;
}

Plan plan_group_size(const PpaStudySpec& s) {
  Plan p{{{"k", "1", "group size"},
          {"weight_bits", "bit", ""},
          {"activation", "", ""},
          {"part", "", "unit: the LUT dot unit; precompute: the table precompute of one group"}},
         {},
         {"the table precompute is priced separately: in the LUT Tensor Core one precompute "
          "serves a whole row of N dot units (or runs outside the array)"}};
  for (ActivationType a : s.activations) {
    for (int w : s.weight_bits) {
      for (int k : s.group_sizes) {
        DesignPoint d = family_design("lut", k, w, a);
        p.rows.push_back({{std::int64_t{k}, std::int64_t{w}, act_name(a), std::string("unit")}, d});
        DesignPoint pre = d;
        pre.kind = DesignKind::kTablePrecompute;
        pre.negation_in_acc = false;
        p.rows.push_back(
            {{std::int64_t{k}, std::int64_t{w}, act_name(a), std::string("precompute")}, pre});
      }
    }
  }
  return p;
}

Plan plan_array_shapes(const PpaStudySpec& s) {
  Plan p{{{"shape", "", "MxNxK"}, {"weight_bits", "bit", ""}, {"activation", "", ""}},
         {},
         {"lut_array: M tables broadcast along N, M x N lookup-accumulate elements, tables "
          "precomputed outside the array",
          "not priced: the operand traffic into the array (M tables per group, N x K weight "
          "index bits per cycle from the register file), which favours small N"}};
  for (ActivationType a : s.activations) {
    for (int w : s.weight_bits) {
      for (DesignPoint d : s.shapes) {
        d.weight_bits = w;
        d.activation = a;
        d.negation_in_acc = true;
        p.rows.push_back({{d.geometry.shape_name(), std::int64_t{w}, act_name(a)}, d});
      }
    }
  }
  return p;
}

Plan plan_ablation(const PpaStudySpec& s) {
  const DesignPoint& arr = s.ablation_array;
  const double units = 1.0 * arr.geometry.m * arr.geometry.n;
  Plan p{{{"step", "1", "ablation step"}, {"design", "", "what changed"}},
         {},
         {"steps 0-2: M x N dot units each with its own table precompute and table (one unit "
          "synthesized, replicated M x N times); step 3: the LUT array with M tables "
          "broadcast along N and the precompute moved out of the array"}};
  DesignPoint unit;
  unit.kind = DesignKind::kLutDotUnitPrecompute;
  unit.geometry.k = arr.geometry.k;
  unit.weight_bits = arr.weight_bits;
  unit.activation = arr.activation;
  unit.geometry.table_form = TableForm::kUnsignedFull;
  p.rows.push_back(
      {{std::int64_t{0}, std::string("conventional LUT, per-unit precompute")}, unit, units});
  unit.geometry.table_form = TableForm::kSymmetricHalf;
  p.rows.push_back(
      {{std::int64_t{1}, std::string("+ weight reinterpretation (half tables)")}, unit, units});
  unit.negation_in_acc = true;
  p.rows.push_back({{std::int64_t{2}, std::string("+ negation circuit removed")}, unit, units});
  DesignPoint final_array = arr;
  final_array.geometry.table_form = TableForm::kSymmetricHalf;
  final_array.negation_in_acc = true;
  p.rows.push_back(
      {{std::int64_t{3}, std::string("+ precompute moved out of the array")}, final_array, 1});
  return p;
}

Plan plan_tensor_core(const PpaStudySpec& s) {
  Plan p{{{"variant", "", ""},
          {"scope", "", "tensor_core or sm"},
          {"block", "", "building block"},
          {"copies", "1", "blocks in this scope"}},
         {},
         {"a tensor core is `copies` replicated blocks and an SM holds tensor_cores_per_sm "
          "tensor cores: area and power scale linearly (wiring and operand delivery not "
          "included)"}};
  for (const TensorCoreVariant& v : s.tensor_cores) {
    const double tc = v.copies;
    const double sm = tc * s.tensor_cores_per_sm;
    p.rows.push_back(
        {{v.name, std::string("tensor_core"), v.design.label(), std::int64_t{v.copies}},
         v.design,
         tc});
    p.rows.push_back({{v.name, std::string("sm"), v.design.label(), static_cast<std::int64_t>(sm)},
                      v.design,
                      sm});
  }
  return p;
}

Plan make_plan(const PpaStudySpec& s) {
  switch (s.kind) {
    case PpaStudyKind::kDotUnits:
      return plan_dot_units(s);
    case PpaStudyKind::kGroupSize:
      return plan_group_size(s);
    case PpaStudyKind::kArrayShapes:
      return plan_array_shapes(s);
    case PpaStudyKind::kWeightBits:
      return plan_dot_units(s);  // the same families, swept over weight bits
    case PpaStudyKind::kAblation:
      return plan_ablation(s);
    case PpaStudyKind::kTensorCore:
      return plan_tensor_core(s);
  }
  throw std::logic_error("make_plan");
}

const std::vector<ResultTable::Column> kMetricColumns = {
    {"design_label", "", "design point"},
    {"rtl", "", "RTL top and parameters"},
    {"area", "um^2", "cell area at the library's node"},
    {"sequential_area", "um^2", "flip-flop area (nan: not separated by the analytic model)"},
    {"critical_path", "ns", "OpenSTA worst path (nan: not timed)"},
    {"max_clock", "MHz", "1000 / critical_path"},
    {"clock", "MHz", "clock of power and throughput"},
    {"meets_clock", "", "yes if max_clock >= clock (single-cycle, unpipelined RTL)"},
    {"power_method", "", "gate-level, or how an array's power was composed"},
    {"power", "mW", "total power at clock (internal + switching + leakage)"},
    {"internal_power", "mW", ""},
    {"switching_power", "mW", ""},
    {"leakage_power", "mW", ""},
    {"macs_per_cycle", "MAC/cycle", "weight x activation MACs completed per cycle"},
    {"energy_per_mac", "pJ", "power / MAC rate"},
    {"compute_density", "TOPS/mm^2", "2 ops per MAC at clock, per area"},
    {"energy_efficiency", "TOPS/W", "2 ops per MAC at clock, per watt"},
    {"area_power_product", "mm^2*mW", "area x power"},
    {"area_28nm", "um^2", "area scaled to 28 nm (see note)"},
    {"power_28nm", "mW", "power scaled to 28 nm at the same clock"},
    {"compute_density_28nm", "TOPS/mm^2", "at 28 nm, same clock"},
    {"energy_efficiency_28nm", "TOPS/W", "at 28 nm, same clock"},
};

void append_metrics(std::vector<Cell>& row, const DesignPpa& p, double copies,
                    const NodeScaling& scale) {
  const double area = p.area_um2 * copies;
  const double power = p.total_w * copies;
  // A design that was not timed (the analytic model, or timing turned off) has no path.
  const bool timed = p.critical_path_ns > 0;
  const double untimed = std::numeric_limits<double>::quiet_NaN();
  row.insert(row.end(), {p.design.label(),
                         p.rtl,
                         area,
                         p.sequential_area_um2 * copies,
                         timed ? p.critical_path_ns : untimed,
                         timed ? p.max_clock_mhz : untimed,
                         p.clock_mhz,
                         std::string(!timed                           ? "untimed"
                                     : p.max_clock_mhz >= p.clock_mhz ? "yes"
                                                                      : "no"),
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
std::map<std::string, DesignPpa> evaluate_all(const Plan& plan, const PpaRunOptions& o) {
  std::map<std::string, DesignPoint> todo;
  for (const RowPlan& r : plan.rows) todo.emplace(r.design.label(), r.design);
  std::map<std::string, DesignPpa> done;
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
          o.progress("[" + std::to_string(finished) + "/" + std::to_string(todo.size()) + "] " +
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

// Findings: ratios the study exists to show.
std::vector<std::string> findings(const PpaStudySpec& s, const Plan& plan,
                                  const std::map<std::string, DesignPpa>& r) {
  std::vector<std::string> out;
  auto at = [&](const DesignPoint& d) -> const DesignPpa& { return r.at(d.label()); };
  switch (s.kind) {
    case PpaStudyKind::kDotUnits:
    case PpaStudyKind::kWeightBits:
      for (int k : s.group_sizes) {
        for (ActivationType a : s.activations) {
          for (int w : s.weight_bits) {
            const auto has = [&](const char* f) {
              return std::find(s.designs.begin(), s.designs.end(), f) != s.designs.end();
            };
            if (!has("lut")) continue;
            const DesignPpa& lut = at(family_design("lut", k, w, a));
            std::string line = "W_INT" + std::to_string(w) + " x A_" + act_name(a) + " K" +
                               std::to_string(k) + ": LUT " + fixed(lut.tops_per_mm2(), 3) +
                               " TOPS/mm^2, " + fixed(lut.tops_per_w(), 2) + " TOPS/W";
            for (const char* f : {"mac", "add", "lut_conventional"}) {
              if (!has(f)) continue;
              const DesignPpa& o = at(family_design(f, k, w, a));
              line += "; vs " + std::string(f) + ": density x" +
                      fixed(lut.tops_per_mm2() / o.tops_per_mm2(), 2) + ", efficiency x" +
                      fixed(o.tops_per_w() > 0 ? lut.tops_per_w() / o.tops_per_w() : 0, 2);
            }
            out.push_back(line);
          }
        }
      }
      break;
    case PpaStudyKind::kGroupSize:
      for (ActivationType a : s.activations) {
        for (int w : s.weight_bits) {
          int best_k = 0;
          double best = 0;
          for (int k : s.group_sizes) {
            const double dens = at(family_design("lut", k, w, a)).tops_per_mm2();
            if (dens > best) best = dens, best_k = k;
          }
          out.push_back("A_" + act_name(a) + " W_INT" + std::to_string(w) +
                        ": best group size by compute density of the dot unit is K=" +
                        std::to_string(best_k) + " (" + fixed(best, 3) + " TOPS/mm^2)");
        }
      }
      break;
    case PpaStudyKind::kArrayShapes:
      for (ActivationType a : s.activations) {
        for (int w : s.weight_bits) {
          std::string best;
          double best_ap = 0;
          for (DesignPoint d : s.shapes) {
            d.weight_bits = w;
            d.activation = a;
            d.negation_in_acc = true;
            const DesignPpa& p = at(d);
            const double ap = p.area_um2 * p.total_w;
            if (best.empty() || ap < best_ap) best = d.geometry.shape_name(), best_ap = ap;
          }
          out.push_back("W_INT" + std::to_string(w) + " x A_" + act_name(a) +
                        ": smallest area x power is " + best + " (" +
                        fixed(best_ap * 1e-6 * 1e3, 4) + " mm^2*mW)");
        }
      }
      break;
    case PpaStudyKind::kAblation: {
      double area0 = 0, power0 = 0;
      for (const RowPlan& row : plan.rows) {
        const DesignPpa& p = at(row.design);
        const double area = p.area_um2 * row.copies, power = p.total_w * row.copies;
        if (area0 == 0) area0 = area, power0 = power;
        out.push_back("step " + std::to_string(std::get<std::int64_t>(row.keys[0])) + " (" +
                      std::get<std::string>(row.keys[1]) + "): area " + fixed(area * 1e-6, 4) +
                      " mm^2 (x" + fixed(area / area0, 3) + "), power " + fixed(power * 1e3, 2) +
                      " mW (x" + fixed(power / power0, 3) + ")");
      }
      break;
    }
    case PpaStudyKind::kTensorCore:
      for (const RowPlan& row : plan.rows) {
        if (std::get<std::string>(row.keys[1]) != "sm") continue;
        const DesignPpa& p = at(row.design);
        out.push_back(std::get<std::string>(row.keys[0]) +
                      " per SM: " + fixed(p.area_um2 * row.copies * 1e-6, 4) + " mm^2, " +
                      fixed(p.total_w * row.copies * 1e3, 1) + " mW, " +
                      fixed(p.macs_per_cycle * row.copies, 0) + " MAC/cycle at W_INT" +
                      std::to_string(row.design.weight_bits));
      }
      break;
  }
  return out;
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
ResultTable module_table(const std::map<std::string, DesignPpa>& results) {
  ResultTable t(kModuleColumns);
  for (const auto& [label, p] : results) {
    for (const ModuleArea& m : p.modules) {
      const double own_total = m.own_area_um2 * m.instances;
      t.add_row({label, m.base_module, m.module, std::int64_t{m.instances}, m.area_um2,
                 m.own_area_um2, own_total, p.area_um2 > 0 ? own_total / p.area_um2 : 0.0});
    }
  }
  return t;
}

PpaStudyResult run_ppa_study(const PpaStudySpec& spec, const PpaRunOptions& options) {
  const Plan plan = make_plan(spec);
  const std::map<std::string, DesignPpa> results = evaluate_all(plan, options);
  std::vector<ResultTable::Column> columns = plan.key_columns;
  columns.insert(columns.end(), kMetricColumns.begin(), kMetricColumns.end());
  PpaStudyResult out{ResultTable(columns), module_table(results), findings(spec, plan, results),
                     plan.notes};
  out.notes.push_back("28 nm columns: " + options.scaling.method);
  if (spec.method == "analytic") {
    out.notes.push_back(
        "analytic: priced by the component model (configs/ppa/components_" + spec.library +
        ".yaml), validated against the full flow within 10% area and 15% power except the "
        "power of INT8 LUT arrays, about 18% low (ppa/model/README.md)");
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
