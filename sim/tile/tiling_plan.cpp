#include "sim/tile/tiling_plan.hpp"

#include <fstream>
#include <stdexcept>
#include <string>

#include "sim/tile/gemm_model.hpp"

namespace lutsim {
namespace {

// Reads a compiled plan's JSON, naming the file and the key on every error.
class PlanReader {
 public:
  PlanReader(const nlohmann::json& j, std::string file, std::string path)
      : j_(j), file_(std::move(file)), path_(std::move(path)) {}

  PlanReader at(const std::string& key) const {
    if (!j_.is_object() || !j_.contains(key)) throw error(key, "missing");
    return {j_.at(key), file_, path_ + "." + key};
  }
  std::int64_t integer(const std::string& key, std::int64_t min) const {
    const nlohmann::json& v = at(key).j_;
    if (!v.is_number_integer() || v.get<std::int64_t>() < min) {
      throw error(key, "expected an integer >= " + std::to_string(min) + ", found " + v.dump());
    }
    return v.get<std::int64_t>();
  }
  std::string text(const std::string& key) const {
    const nlohmann::json& v = at(key).j_;
    if (!v.is_string()) throw error(key, "expected a string, found " + v.dump());
    return v.get<std::string>();
  }
  double number(const std::string& key) const {
    const nlohmann::json& v = at(key).j_;
    if (!v.is_number()) throw error(key, "expected a number, found " + v.dump());
    return v.get<double>();
  }
  // One of `names` (to_string of each value), as that value.
  template <typename E, std::size_t N>
  E choice(const std::string& key, const E (&values)[N]) const {
    const std::string found = text(key);
    std::string expected;
    for (const E v : values) {
      if (found == to_string(v)) return v;
      expected += (expected.empty() ? "" : " or ") + std::string(to_string(v));
    }
    throw error(key, "expected " + expected + ", found '" + found + "'");
  }
  std::invalid_argument error(const std::string& key, const std::string& what) const {
    return std::invalid_argument(file_ + ": " + path_ + "." + key + ": " + what);
  }

 private:
  const nlohmann::json& j_;
  std::string file_, path_;
};

int as_int(std::int64_t v) {
  return static_cast<int>(v);
}

nlohmann::json tiling_json(const Tiling& t) {
  return {
      {"cta", {{"m", t.tile.bm}, {"n", t.tile.bn}, {"k", t.tile.bk}, {"stages", t.tile.stages}}},
      {"warp", {{"m", t.warp.m}, {"n", t.warp.n}}},
      {"split_k", t.split_k},
      {"multicast", to_string(t.multicast)},
      {"schedule", to_string(t.schedule)},
      {"tables", to_string(t.tables)},
      {"n_sweep", t.n_sweep}};
}

Tiling read_tiling(const PlanReader& r) {
  constexpr Multicast kMulticasts[] = {Multicast::kNone, Multicast::kA, Multicast::kB};
  constexpr TileSchedule kSchedules[] = {TileSchedule::kDataParallel, TileSchedule::kStreamK};
  constexpr TablePlacement kPlacements[] = {TablePlacement::kSharedMemory,
                                            TablePlacement::kRegisters};
  const PlanReader cta = r.at("cta");
  const PlanReader warp = r.at("warp");
  Tiling t;
  t.tile = {as_int(cta.integer("m", 1)), as_int(cta.integer("n", 1)), as_int(cta.integer("k", 1)),
            as_int(cta.integer("stages", 1))};
  t.warp = {as_int(warp.integer("m", 0)), as_int(warp.integer("n", 0))};
  t.split_k = as_int(r.integer("split_k", 1));
  t.multicast = r.choice("multicast", kMulticasts);
  t.schedule = r.choice("schedule", kSchedules);
  t.tables = r.choice("tables", kPlacements);
  t.n_sweep = as_int(r.integer("n_sweep", 1));
  return t;
}

std::string shape_text(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch) {
  return std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) +
         (batch != 1 ? " (batch " + std::to_string(batch) + ")" : "");
}

}  // namespace

TilingPlan plan_tilings(const GemmTrace& trace, const SystemSpec& sys) {
  TilingPlan plan;
  for (const TraceOp& op : trace.ops) {
    if (op.kind != OpKind::kLinear) continue;
    const GemmKernel kernel = linear_kernel(op, sys);
    if (kernel.family != KernelFamily::kLut) continue;
    const GemmEstimate e = best_gemm(sys.hw, kernel, linear_shape(op));
    const PlannedGemm g{op.name, op.m, op.n, op.k, op.batch, kernel.name, e.tiling, e.time_s};
    if (!plan.gemms.emplace(op.name, g).second) {
      throw std::invalid_argument("tiling plan: two LUT linears named '" + op.name + "'");
    }
  }
  return plan;
}

nlohmann::json to_json(const TilingPlan& plan) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& entry : plan.gemms) {
    const PlannedGemm& g = entry.second;
    out.push_back({{"op", g.op},
                   {"m", g.m},
                   {"n", g.n},
                   {"k", g.k},
                   {"batch", g.batch},
                   {"kernel", g.kernel},
                   {"tiling", tiling_json(g.tiling)},
                   {"time_s", g.time_s}});
  }
  return out;
}

TilingPlan tiling_plan_from_json(const nlohmann::json& tilings, const std::string& file) {
  if (!tilings.is_array()) {
    throw std::invalid_argument(file + ": tilings: expected an array, found " + tilings.dump());
  }
  TilingPlan plan{file, {}};
  for (std::size_t i = 0; i < tilings.size(); ++i) {
    const PlanReader r(tilings[i], file, "tilings[" + std::to_string(i) + "]");
    PlannedGemm g{
        r.text("op"),          r.integer("m", 1), r.integer("n", 1),           r.integer("k", 1),
        r.integer("batch", 1), r.text("kernel"),  read_tiling(r.at("tiling")), r.number("time_s")};
    if (!plan.gemms.emplace(g.op, g).second) {
      throw r.error("op", "a second tiling of '" + g.op + "'");
    }
  }
  return plan;
}

TilingPlan read_tiling_plan(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::invalid_argument(file + ": cannot read the tiling plan");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::invalid_argument(file + ": not JSON: " + e.what());
  }
  if (!j.is_object() || !j.contains("tilings")) {
    throw std::invalid_argument(file + ": key 'tilings' is missing");
  }
  return tiling_plan_from_json(j.at("tilings"), file);
}

GemmEstimate planned_estimate(const TilingPlan& plan, const TraceOp& op, const GemmKernel& kernel,
                              const SystemSpec& sys) {
  const auto it = plan.gemms.find(op.name);
  const std::string where = plan.source + ": tilings: LUT linear '" + op.name + "'";
  if (it == plan.gemms.end()) throw std::invalid_argument(where + " has no tiling in the plan");
  const PlannedGemm& g = it->second;
  if (g.m != op.m || g.n != op.n || g.k != op.k || g.batch != op.batch || g.kernel != kernel.name) {
    throw std::invalid_argument(where + ": planned for " + shape_text(g.m, g.n, g.k, g.batch) +
                                " with kernel '" + g.kernel + "', the trace has " +
                                shape_text(op.m, op.n, op.k, op.batch) + " with kernel '" +
                                kernel.name + "'");
  }
  const std::optional<GemmEstimate> e = estimate_gemm(sys.hw, kernel, linear_shape(op), g.tiling);
  if (!e)
    throw std::invalid_argument(where + ": the planned tiling does not run on " + sys.hw.name);
  return *e;
}

}  // namespace lutsim
