#pragma once
// Pieces the PPA study classes share.

#include <string>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "ppa/design/design_point.hpp"

namespace lutsim::ppa {

// v with `digits` decimals; "-" for NaN (no such figure).
std::string fixed(double v, int digits);
std::string act_name(DataType a);

// A design family of the dot-unit studies (lut, lut_conventional, mac, add) at (K, W, A).
DesignPoint family_design(const std::string& family, int k, int w, DataType a);
extern const std::vector<std::string> kFamilyNotes;

}  // namespace lutsim::ppa
