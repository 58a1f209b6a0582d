#include "ppa/studies/kinds/study_parts.hpp"

#include <cmath>
#include <stdexcept>

#include "core/io/number_text.hpp"

namespace lutsim::ppa {

std::string fixed(double v, int digits) {
  if (std::isnan(v)) return "-";  // no such figure (a design that misses the clock has no density)
  return fixed_text(v, digits);
}

std::string act_name(DataType a) {
  return std::string(lutsim::to_string(a));
}

// A design family of studies 1 and 4 at (K, W, A).
DesignPoint family_design(const std::string& family, int k, int w, DataType a) {
  DesignPoint d;
  d.geometry.k = k;
  d.weight_bits = w;
  d.activation = a;
  if (family == "lut") {  // LUT Tensor Core unit: half table, no negation circuit, no precompute
    d.kind = DesignKind::kLutDotUnit;
    d.negation_in_acc = true;
  } else if (family == "lut_conventional") {  // full table computed in the unit
    d.kind = DesignKind::kLutDotUnitPrecompute;
    d.geometry.table_form = TableForm::kUnsignedFull;
  } else if (family == "mac") {
    d.kind = DesignKind::kMacDotUnit;
  } else if (family == "add") {  // bit-serial adds with {0, 1} weight digits
    d.kind = DesignKind::kAddDotUnit;
    d.geometry.table_form = TableForm::kUnsignedFull;
  } else {
    throw std::invalid_argument("unknown design family '" + family + "'");
  }
  return d;
}

DesignPoint at_study_depth(DesignPoint d, int depth) {
  if (has_pipe_stages(d.kind)) d.pipeline_stages = depth;
  return d;
}

int read_study_depth(config::ConfigReader& root, const PpaRunSpec& run,
                     const std::vector<DesignPoint>& designs) {
  const std::vector<int> depths = read_pipeline_stages(root, "pipeline_stages", run);
  if (depths.size() != 1) throw root.error("pipeline_stages", "this study takes one depth");
  for (const DesignPoint& d : designs) {
    if (has_pipe_stages(d.kind)) at_depths(root, "pipeline_stages", d, depths);
  }
  return depths.front();
}

const std::vector<std::string> kFamilyNotes = {
    "lut: LUT Tensor Core dot unit (half table, negation folded into the accumulator, table "
    "precomputed outside the unit); lut_conventional: full 2^K table computed inside the unit; "
    "mac: K multipliers + adder tree (weights widened to the activation format); add: one "
    "add per set weight bit (bit-serial, {0,1} digits)"};

}  // namespace lutsim::ppa
