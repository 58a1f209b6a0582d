#include "core/specs/sweep_spec.hpp"

#include "core/config/output_name.hpp"

namespace lutsim {

SweepSpec read_sweep(config::ConfigReader& root, const std::filesystem::path& sweep_file) {
  SweepSpec s;
  s.name = config::get_output_name(root, "name",
                                   {.description = "names the results folder (results/<name>/)"});
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
    a.where = axis.location();
    // Two axes on one key would run one of them under the other's label.
    for (const SweepAxis& earlier : s.axes) {
      if (earlier.key == a.key) {
        throw axis.error("key", "'" + a.key + "' is already swept by the axis at line " +
                                    std::to_string(earlier.where.line));
      }
      if (earlier.column == a.column) {
        throw axis.error("column", "'" + a.column + "' already names the axis at line " +
                                       std::to_string(earlier.where.line));
      }
    }
    s.axes.push_back(std::move(a));
  }
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
