#include "core/specs/sweep_spec.hpp"

namespace lutsim {

SweepSpec read_sweep(config::ConfigReader& root, const std::filesystem::path& sweep_file) {
  SweepSpec s;
  s.study = root.get<std::string>("study", {.description = "study name (results/<study>/)"});
  s.job = root.get<std::string>(
      "job", {.description = "command run at every point", .allowed = {"accuracy"}});
  const auto base = root.get<std::string>(
      "base", {.description = "base config, relative to this file", .unit = "path"});
  s.base = sweep_file.parent_path() / base;
  for (auto& axis : root.section_list("axes", "swept parameters, crossed")) {
    SweepAxis a;
    a.key = axis.get<std::string>("key", {.description = "dotted key of the base config"});
    a.values = axis.get<std::vector<std::string>>(
        "values", {.description = "values, each applied like --set key=value"});
    if (a.values.empty()) throw axis.error("values", "an axis needs at least one value");
    a.where = axis.location();
    s.axes.push_back(std::move(a));
  }
  if (s.axes.empty()) throw root.error("axes", "a sweep needs at least one axis");
  return s;
}

std::vector<SweepPoint> expand_sweep(const SweepSpec& sweep) {
  std::vector<SweepPoint> points{SweepPoint{}};
  for (const SweepAxis& axis : sweep.axes) {
    std::vector<SweepPoint> next;
    for (const SweepPoint& p : points) {
      for (const std::string& v : axis.values) {
        SweepPoint q = p;
        q.assignments.push_back(axis.key + "=" + v);
        q.label += (q.label.empty() ? "" : ", ") + axis.key + "=" + v;
        next.push_back(std::move(q));
      }
    }
    points = std::move(next);
  }
  return points;
}

}  // namespace lutsim
