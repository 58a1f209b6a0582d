#include "core/specs/sweep_spec.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "core/config/output_name.hpp"

namespace lutsim {
namespace {

// A number as a config value text: integers without a point, others in the
// shortest text that reads back to the same double.
std::string number_text(double x) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, x).ptr;
  return std::string(text, end);
}

// [lo, hi] at `key` of `random`, lo < hi (and lo > 0 for a log scale).
std::pair<double, double> read_range(config::ConfigReader& random, std::string_view key,
                                     bool log_scale) {
  const auto range = random.get<std::vector<double>>(
      key, {.description = "[low, high] the samples are drawn from"});
  if (range.size() != 2 || !(range[0] < range[1])) {
    throw random.error(key, "expected [low, high] with low < high");
  }
  if (log_scale && !(range[0] > 0)) {
    throw random.error(key, "a log-uniform range needs low > 0");
  }
  return {range[0], range[1]};
}

// The values of a `random:` axis: `samples` draws of one distribution from
// std::mt19937_64 seeded by `seed` (the same values on every platform); its
// description goes to `sampling`.
std::vector<std::string> random_values(const config::ConfigReader& axis,
                                       config::ConfigReader& random, std::string& sampling) {
  const auto samples = random.get<std::int64_t>(
      "samples", {.description = "values drawn", .min = 1, .max = 10'000'000});
  const auto seed = random.get<std::int64_t>(
      "seed", {.description = "seed of the draws (recorded with the axis)", .min = 0});
  constexpr std::array<std::string_view, 3> kKinds{"uniform", "log_uniform", "choice"};
  std::vector<std::string_view> given;
  for (const auto kind : kKinds) {
    if (random.has(kind)) given.push_back(kind);
  }
  if (given.size() != 1) {
    throw axis.error("random", "expected one of uniform: [low, high], log_uniform: [low, high] "
                               "or choice: [values]");
  }
  std::mt19937_64 engine(static_cast<std::uint64_t>(seed));
  const auto unit = [&engine] { return static_cast<double>(engine() >> 11) * 0x1.0p-53; };
  sampling = "random: " + std::to_string(samples) + " samples, seed " + std::to_string(seed) +
             ", " + std::string(given[0]);
  std::vector<std::string> values;
  if (given[0] == "choice") {
    const auto choices = random.get<std::vector<std::string>>(
        "choice", {.description = "values drawn from, each equally likely"});
    if (choices.empty()) throw random.error("choice", "expected at least one value");
    for (std::int64_t i = 0; i < samples; ++i) {
      values.push_back(choices[static_cast<std::size_t>(unit() * choices.size())]);
    }
    return values;
  }
  const bool log_scale = given[0] == "log_uniform";
  const auto [lo, hi] = read_range(random, given[0], log_scale);
  const bool integer = random.get<bool>(
      "integer", {.description = "round each sample to the nearest integer",
                  .default_value = false});
  sampling += " [" + number_text(lo) + ", " + number_text(hi) + "]" + (integer ? ", integer" : "");
  for (std::int64_t i = 0; i < samples; ++i) {
    const double u = unit();
    const double x = log_scale ? std::exp(std::log(lo) + u * (std::log(hi) - std::log(lo)))
                               : lo + u * (hi - lo);
    values.push_back(integer ? std::to_string(std::llround(x)) : number_text(x));
  }
  return values;
}

// A value text of a swept axis as a number, if it is one.
std::optional<double> number_of(std::string_view text) {
  double x = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return x;
}

// Reads the `derived:` expression of `axis` over the columns of `axes` (those
// before it), each of whose values it uses must be a number.
void read_derived(config::ConfigReader& axis, const std::vector<SweepAxis>& axes, SweepAxis& a) {
  const auto text = axis.get<std::string>(
      "derived", {.description = "the axis's value at each point: arithmetic (+ - * / and "
                                 "parentheses) of numbers and the columns of the axes before it, "
                                 "e.g. 512 / (array_m * array_k)"});
  std::vector<std::string> columns;
  for (const SweepAxis& earlier : axes) columns.push_back(earlier.column);
  try {
    a.derived.emplace(text, columns);
  } catch (const std::invalid_argument& e) {
    throw axis.error("derived", e.what());
  }
  for (const std::size_t input : a.derived->inputs()) {
    for (const std::string& v : axes[input].values) {
      if (!number_of(v)) {
        throw axis.error("derived", "the column '" + axes[input].column + "' (line " +
                                        std::to_string(axes[input].where.line) +
                                        ") has the value '" + v + "', not a number");
      }
    }
  }
  a.sampling = "derived: " + text;
}

// Reads one axis (key, column, values) onto `axes`, refusing a key or column
// an earlier axis has, and for a zipped axis a value count other than its
// zip's first axis's.
void add_axis(config::ConfigReader& axis, bool in_zip, bool zipped, std::vector<SweepAxis>& axes) {
  SweepAxis a;
  a.key = axis.get<std::string>(
      "key", {.description = "dotted key of the base config, or hw.<config>.<key> of a "
                             "hardware config the study uses"});
  a.column = axis.get<std::string>(
      "column", {.description = "result column of this axis", .default_value = a.key});
  if (axis.has("derived")) {
    if (in_zip) throw axis.error("derived", "a derived axis cannot be zipped: it has no values");
    for (const char* other : {"values", "random"}) {
      if (axis.has(other)) {
        throw axis.error(other, "an axis has values, random or derived, one of them");
      }
    }
    read_derived(axis, axes, a);
  } else if (auto random = axis.optional_section(
                 "random", "values drawn at random instead of listed under `values`")) {
    if (axis.has("values")) throw axis.error("values", "an axis has values or random, not both");
    a.values = random_values(axis, *random, a.sampling);
  } else {
    // In a zip a value may repeat: the zip's combinations must be distinct.
    a.values = axis.get<std::vector<std::string>>(
        "values", {.description = "values, each applied like --set key=value", .tuple = in_zip});
  }
  a.where = axis.location();
  a.zipped_with_previous = zipped;
  // Two axes on one key would run one of them under the other's label.
  for (const SweepAxis& earlier : axes) {
    if (earlier.key == a.key) {
      throw axis.error("key", "'" + a.key + "' is already swept by the axis at line " +
                                  std::to_string(earlier.where.line));
    }
    if (earlier.column == a.column) {
      throw axis.error("column", "'" + a.column + "' already names the axis at line " +
                                     std::to_string(earlier.where.line));
    }
  }
  if (zipped && axes.back().values.size() != a.values.size()) {
    throw axis.error("values", "zipped axes need lists of equal length: '" + a.key + "' has " +
                                   std::to_string(a.values.size()) + " values, '" +
                                   axes.back().key + "' (line " +
                                   std::to_string(axes.back().where.line) + ") has " +
                                   std::to_string(axes.back().values.size()));
  }
  axes.push_back(std::move(a));
}

// Two equal combinations of a zip's values would run one point twice.
void check_distinct_combinations(const config::ConfigReader& entry,
                                 std::span<const SweepAxis> zip) {
  const auto combination = [&](std::size_t i) {
    std::vector<std::string> c;
    for (const SweepAxis& a : zip) c.push_back(a.values[i]);
    return c;
  };
  const std::size_t n = zip.front().values.size();
  for (std::size_t j = 1; j < n; ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      if (combination(i) == combination(j)) {
        throw entry.error("zip", "combination " + std::to_string(j) + " repeats combination " +
                                     std::to_string(i) +
                                     ": a zip's values name distinct combinations");
      }
    }
  }
}

}  // namespace

SweepSpec read_sweep(config::ConfigReader& root, const std::filesystem::path& sweep_file) {
  SweepSpec s;
  s.name = config::get_output_name(root, "name",
                                   {.description = "names the results folder (results/<name>/)"});
  const auto base = root.get<std::string>(
      "base", {.description = "base config of the study run at every point (its `study:` key "
                              "picks the study), relative to this file",
               .unit = "path"});
  s.base = sweep_file.parent_path() / base;
  for (auto& entry : root.section_list(
           "axes", "swept parameters, crossed: each a key with values, or a zip of such axes")) {
    if (!entry.has("zip")) {
      add_axis(entry, false, false, s.axes);
      continue;
    }
    auto zipped = entry.section_list(
        "zip", "axes advanced together (the first values of each, then the second, ...)");
    if (zipped.size() < 2) throw entry.error("zip", "expected two or more axes to zip");
    for (std::size_t i = 0; i < zipped.size(); ++i) add_axis(zipped[i], true, i > 0, s.axes);
    check_distinct_combinations(entry, std::span(s.axes).last(zipped.size()));
  }
  return s;
}

std::size_t sweep_size(const SweepSpec& sweep) {
  std::size_t size = 1;
  for (const SweepAxis& axis : sweep.axes) {
    if (axis.zipped_with_previous || axis.derived) continue;  // no dimension of its own
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

namespace {

// The value of derived axis `axis` at the point whose earlier axes' values
// `p` holds (read_derived checked that those it uses are numbers).
std::string derived_value(const SweepAxis& axis, const SweepPoint& p) {
  std::vector<double> values(p.values.size());
  for (const std::size_t input : axis.derived->inputs()) {
    values[input] = *number_of(p.values[input]);
  }
  const double x = axis.derived->evaluate(values);
  if (!std::isfinite(x)) {
    throw config::ConfigError(axis.where, "axes",
                              "the derived axis '" + axis.key + "' is " + axis.derived->text() +
                                  " = " + number_text(x) + " at the point " + p.label);
  }
  return number_text(x);
}

}  // namespace

SweepPoint sweep_point(const SweepSpec& sweep, std::size_t index) {
  // Mixed radix over the dimensions, the last the lowest digit; a zipped
  // axis takes the digit of the axis after it in its zip.
  std::vector<std::size_t> digits(sweep.axes.size());
  for (std::size_t a = sweep.axes.size(); a-- > 0;) {
    if (sweep.axes[a].derived) continue;
    const bool zip_continues = a + 1 < sweep.axes.size() && sweep.axes[a + 1].zipped_with_previous;
    if (zip_continues) {
      digits[a] = digits[a + 1];
      continue;
    }
    const std::size_t n = sweep.axes[a].values.size();
    digits[a] = index % n;
    index /= n;
  }
  SweepPoint p;
  for (std::size_t a = 0; a < sweep.axes.size(); ++a) {
    const SweepAxis& axis = sweep.axes[a];
    const std::string v = axis.derived ? derived_value(axis, p) : axis.values[digits[a]];
    p.values.push_back(v);
    p.assignments.push_back(axis.key + "=" + v);
    p.label += (p.label.empty() ? "" : ", ") + axis.key + "=" + v;
  }
  return p;
}

std::vector<std::size_t> axis_value_points(const SweepSpec& sweep) {
  std::vector<std::size_t> out{0};
  std::size_t stride = 1;  // of the dimension, the last the lowest digit
  for (std::size_t a = sweep.axes.size(); a-- > 0;) {
    if (sweep.axes[a].derived) continue;  // no dimension of its own
    if (a + 1 < sweep.axes.size() && sweep.axes[a + 1].zipped_with_previous) continue;
    const std::size_t n = sweep.axes[a].values.size();
    for (std::size_t digit = 1; digit < n; ++digit) out.push_back(digit * stride);
    stride *= n;
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<SweepPoint> expand_sweep(const SweepSpec& sweep) {
  std::vector<SweepPoint> points;
  const std::size_t size = sweep_size(sweep);
  for (std::size_t i = 0; i < size; ++i) points.push_back(sweep_point(sweep, i));
  return points;
}

}  // namespace lutsim
