#pragma once
// Pieces the PPA study classes share.

#include <string>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/config/config_reader.hpp"
#include "ppa/design/design_point.hpp"
#include "ppa/studies/ppa_study_spec.hpp"

namespace lutsim::ppa {

// v with `digits` decimals; "-" for NaN (no such figure).
std::string fixed(double v, int digits);
std::string act_name(DataType a);

// A design family of the dot-unit studies (lut, lut_conventional, mac, add) at (K, W, A).
DesignPoint family_design(const std::string& family, int k, int w, DataType a);

// `d` at the study's pipeline depth (a study-level `pipeline_stages`) if its RTL has
// PIPE_STAGES (mac_dot_unit, add_bitserial_unit, lut_table_precompute), else as it is.
DesignPoint at_study_depth(DesignPoint d, int depth);

// The study-level `pipeline_stages` of root (one depth, default 0), checked against every
// design of `designs` that takes it: an error names the file, line, key and design.
int read_study_depth(config::ConfigReader& root, const PpaRunSpec& run,
                     const std::vector<DesignPoint>& designs);
extern const std::vector<std::string> kFamilyNotes;

}  // namespace lutsim::ppa
