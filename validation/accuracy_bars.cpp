#include "validation/accuracy_bars.hpp"

#include <cstdio>

#include "core/config/config_document.hpp"

namespace lutsim {
namespace {

AccuracyBar read_bar(config::ConfigReader r) {
  AccuracyBar b;
  b.where = to_string(r.location());
  b.dataset = r.get<std::string>("dataset", {.description = "id in validation/datasets.yaml"});
  b.mape = r.get<double>("mape_percent", {.description = "largest MAPE over the whole set",
                                          .unit = "%",
                                          .min = 0.0,
                                          .max = 100.0}) /
           100;
  if (r.has("regime_mape_percent")) {
    b.regime_mape = r.get<double>("regime_mape_percent",
                                  {.description = "largest MAPE of every regime with points",
                                   .unit = "%",
                                   .default_value = 100.0,
                                   .min = 0.0,
                                   .max = 100.0}) /
                    100;
  }
  b.basis = r.get<std::string>(
      "basis", {.description = "calibrated: factors fitted on this GPU; spec_sheet_no_refit: "
                               "spec-sheet config, shared factors, no refit",
                .allowed = {"calibrated", "spec_sheet_no_refit"}});
  if (r.has("open")) {
    b.open = r.get<std::string>(
        "open", {.description = "why the bar is not met yet: reported, not enforced"});
  }
  return b;
}

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100 * fraction);
  return buf;
}

}  // namespace

const AccuracyBar* AccuracyBars::find(const std::string& dataset) const {
  for (const auto& b : bars) {
    if (b.dataset == dataset) return &b;
  }
  return nullptr;
}

AccuracyBars load_accuracy_bars(const std::filesystem::path& yaml) {
  auto doc = config::ConfigDocument::load_file(yaml);
  auto root = doc.root();
  AccuracyBars out;
  out.file = yaml;
  for (auto& r : root.section_list("bars", "accuracy bar per dataset")) {
    out.bars.push_back(read_bar(r));
    if (out.find(out.bars.back().dataset) != &out.bars.back()) {
      throw r.error("dataset", "a second bar for '" + out.bars.back().dataset + "'");
    }
  }
  doc.check_all_consumed();
  out.resolved = doc.resolved();
  return out;
}

std::string describe_points(const MeasuredDataset& data, const std::vector<PointError>& points) {
  std::string out;
  for (const PointError& p : points) {
    const MeasuredGemm& m = data.gemms[p.index];
    char buf[160];
    std::snprintf(
        buf, sizeof buf, " M=%lld N=%lld K=%lld: measured %.2f us, predicted %.2f us, %+.1f%%\n",
        static_cast<long long>(m.shape.m), static_cast<long long>(m.shape.n),
        static_cast<long long>(m.shape.k), m.measured_s * 1e6, p.predicted_s * 1e6, 100 * p.error);
    out += "  " + m.label + buf;
  }
  return out;
}

std::string bar_miss_message(const AccuracyBar& bar, const BarSubject& subject,
                             const std::vector<ErrorSummary>& groups,
                             const std::function<WorstShapes()>& worst) {
  std::string over;
  for (const ErrorSummary& g : groups) {
    const bool all = g.group == "all";
    const std::optional<double> limit = all ? std::optional<double>(bar.mape) : bar.regime_mape;
    if (limit && g.mape > *limit) {
      over += "  " + g.group + ": MAPE " + percent(g.mape) + " > bar " + percent(*limit) + " (" +
              std::to_string(g.count) + " points)\n";
    }
  }
  if (over.empty()) return "";
  const WorstShapes w = worst();
  return "dataset " + subject.name + " (" + subject.source.string() + ", predicted with " +
         subject.gpu_config + ") misses its bar at " + bar.where + ":\n" + over + "  worst " +
         std::to_string(w.count) + " shapes:\n" + w.lines;
}

std::string bar_failure(const AccuracyBar& bar, const MeasuredDataset& data,
                        const DatasetError& error, std::size_t worst_count) {
  return bar_miss_message(bar, {data.name, data.source, data.gpu_config}, error.groups, [&] {
    const std::vector<PointError> worst = error.worst(data, worst_count);
    return WorstShapes{worst.size(), describe_points(data, worst)};
  });
}

}  // namespace lutsim
