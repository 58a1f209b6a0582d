#pragma once

#include "core/config/config_reader.hpp"
#include "core/lut/lut_config.hpp"

namespace lutsim {

// Reads one LUT datapath (weight bits, group size, formats) from a config
// section; throws config::ConfigError for bad values, including combinations
// LutGemmConfig::validate() rejects (reported at the section).
LutGemmConfig read_lut_datapath(config::ConfigReader& r);

}  // namespace lutsim
