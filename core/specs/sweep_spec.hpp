#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/config/config_error.hpp"
#include "core/config/config_reader.hpp"
#include "core/specs/sweep_expression.hpp"

namespace lutsim {

// One swept parameter: a dotted key of the base config and the values it
// takes, each a YAML value text applied like `--set key=value`.
struct SweepAxis {
  std::string key;
  std::string column;  // names the axis in the results; default the key
  std::vector<std::string> values;
  config::SourceLocation where{};  // of the axis in the sweep file
  // How `values` were drawn: empty when listed, else the `random:` draw with
  // its seed ("random: 4 samples, seed 7, log_uniform [1, 1000], integer").
  std::string sampling{};
  // Advances together with the axis before it (one `zip:` of the sweep
  // file), whose values it has as many of; else crossed with it.
  bool zipped_with_previous = false;
  // A derived axis (no `values`, no dimension of its own): at each point its
  // value is this expression of the values of the axes before it, whose
  // columns it names (`sampling` holds "derived: <expression>").
  std::optional<SweepExpression> derived{};
};

// A sweep: a base study config and axes crossed with each other, except
// that the axes of one `zip:` advance together (one dimension of the cross
// product).
struct SweepSpec {
  std::string name;            // results/<name>/
  std::filesystem::path base;  // resolved against the sweep file's directory
  std::vector<SweepAxis> axes;
};

// One point of the cross product: its overrides in axis order.
struct SweepPoint {
  std::vector<std::string> values;       // one per axis
  std::vector<std::string> assignments;  // "key=value"
  std::string label;                     // "key=value, key=value"
};

SweepSpec read_sweep(config::ConfigReader& root, const std::filesystem::path& sweep_file);

// Points of the cross product of the dimensions (1 without axes). Throws
// config::ConfigError at the axis past which the count would overflow.
std::size_t sweep_size(const SweepSpec& sweep);

// Point `index` (< sweep_size) of the cross product, the first dimension
// varying slowest: points are made one at a time, never all at once.
SweepPoint sweep_point(const SweepSpec& sweep, std::size_t index);

// The points that take each value of each dimension (an axis, or the axes
// of one zip) once, with every other dimension at its first value: the
// indices, increasing, of the axes' cross through point 0 (1 + the sum of
// (values - 1) over the dimensions; {0} without axes).
std::vector<std::size_t> axis_value_points(const SweepSpec& sweep);

// Every point of the cross product, in index order (for small sweeps).
std::vector<SweepPoint> expand_sweep(const SweepSpec& sweep);

}  // namespace lutsim
