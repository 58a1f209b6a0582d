#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/config/config_error.hpp"
#include "core/config/config_reader.hpp"

namespace lutsim {

// One swept parameter: a dotted key of the base config and the values it
// takes, each a YAML value text applied like `--set key=value`.
struct SweepAxis {
  std::string key;
  std::string column;  // names the axis in the results; default the key
  std::vector<std::string> values;
  config::SourceLocation where;  // of the axis in the sweep file
};

// A sweep: a base study config and axes crossed with each other.
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

// The cross product of the axes, the first axis varying slowest.
std::vector<SweepPoint> expand_sweep(const SweepSpec& sweep);

}  // namespace lutsim
