#include "core/specs/sweep_spec.hpp"

#include <limits>
#include <string>

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

std::size_t sweep_size(const SweepSpec& sweep) {
  std::size_t size = 1;
  for (const SweepAxis& axis : sweep.axes) {
    const std::size_t n = axis.values.size();
    if (n != 0 && size > std::numeric_limits<std::size_t>::max() / n) {
      throw config::ConfigError(axis.where, "axes",
                                "the cross product of the axes up to this one has more than " +
                                    std::to_string(std::numeric_limits<std::size_t>::max()) +
                                    " points");
    }
    size *= n;
  }
  return size;
}

SweepPoint sweep_point(const SweepSpec& sweep, std::size_t index) {
  // Mixed radix, the last axis the lowest digit.
  std::vector<std::size_t> digits(sweep.axes.size());
  for (std::size_t a = sweep.axes.size(); a-- > 0;) {
    const std::size_t n = sweep.axes[a].values.size();
    digits[a] = index % n;
    index /= n;
  }
  SweepPoint p;
  for (std::size_t a = 0; a < sweep.axes.size(); ++a) {
    const SweepAxis& axis = sweep.axes[a];
    const std::string& v = axis.values[digits[a]];
    p.values.push_back(v);
    p.assignments.push_back(axis.key + "=" + v);
    p.label += (p.label.empty() ? "" : ", ") + axis.key + "=" + v;
  }
  return p;
}

std::vector<SweepPoint> expand_sweep(const SweepSpec& sweep) {
  std::vector<SweepPoint> points;
  const std::size_t size = sweep_size(sweep);
  for (std::size_t i = 0; i < size; ++i) points.push_back(sweep_point(sweep, i));
  return points;
}

}  // namespace lutsim
