#include "core/specs/sweep_spec.hpp"

namespace lutsim {

SweepSpec read_sweep(config::ConfigReader& root, const std::filesystem::path& sweep_file) {
  SweepSpec s;
  s.name =
      root.get<std::string>("name", {.description = "names the results folder (results/<name>/)"});
  const auto base = root.get<std::string>(
      "base", {.description = "base config of the study run at every point (its `study:` key "
                              "picks the study), relative to this file",
               .unit = "path"});
  s.base = sweep_file.parent_path() / base;
  for (auto& axis : root.section_list("axes", "swept parameters, crossed")) {
    SweepAxis a;
    a.key = axis.get<std::string>(
        "key", {.description = "dotted key of the base config, or hw.<config>.<key> of a "
                               "hardware config the study uses"});
    a.column = axis.get<std::string>(
        "column", {.description = "result column of this axis", .default_value = a.key});
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
        q.values.push_back(v);
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
