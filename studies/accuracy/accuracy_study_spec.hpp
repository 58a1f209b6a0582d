#pragma once

#include <vector>

#include "core/config/config_reader.hpp"
#include "core/lut/lut_config.hpp"
#include "core/lut/random_problem.hpp"

namespace lutsim {

// The numerics accuracy study: one random mpGEMM problem, evaluated on every
// valid combination of the listed datapath choices (a cross product;
// combinations LutGemmConfig::validate() rejects are skipped and counted).
struct AccuracyStudySpec {
  RandomProblemSpec problem;  // activation type and weight bits set per case
  std::vector<LutGemmConfig> datapaths;
  int skipped_combinations = 0;
};

AccuracyStudySpec read_accuracy_study(config::ConfigReader& root);

}  // namespace lutsim
