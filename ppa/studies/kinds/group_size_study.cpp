#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {

GroupSizeStudy::GroupSizeStudy(config::ConfigReader& root, PpaRunSpec run)
    : PpaStudy(std::move(run)) {
  group_sizes_ = read_ints(root, "group_sizes", "LUT group sizes K", {2, 3, 4, 5, 6}, 2, 6);
  weight_bits_ = read_ints(root, "weight_bits", "weight bits", {2}, 1, 8);
  activations_ = read_activations(root, {"fp16", "int8"});
  std::vector<DesignPoint> precomputes;
  for (DataType a : activations_) {
    for (int w : weight_bits_) {
      for (int k : group_sizes_) precomputes.push_back(precompute(k, w, a));
    }
  }
  pipeline_stages_ = read_study_depth(root, run_spec(), precomputes);
}

DesignPoint GroupSizeStudy::unit(int k, int w, DataType a) {
  return family_design("lut", k, w, a);
}

DesignPoint GroupSizeStudy::precompute(int k, int w, DataType a) const {
  DesignPoint pre = unit(k, w, a);
  pre.kind = DesignKind::kTablePrecompute;
  pre.negation_in_acc = false;
  return at_study_depth(pre, pipeline_stages_);
}

Plan GroupSizeStudy::plan() const {
  Plan p{{{"k", "1", "group size"},
          {"weight_bits", "bit", ""},
          {"activation", "", ""},
          {"part", "", "unit: the LUT dot unit; precompute: the table precompute of one group"}},
         {},
         {"the table precompute is priced separately: in the LUT Tensor Core one precompute "
          "serves a whole row of N dot units (or runs outside the array)"}};
  for (DataType a : activations_) {
    for (int w : weight_bits_) {
      for (int k : group_sizes_) {
        p.rows.push_back(
            {{std::int64_t{k}, std::int64_t{w}, act_name(a), std::string("unit")}, unit(k, w, a)});
        p.rows.push_back({{std::int64_t{k}, std::int64_t{w}, act_name(a), std::string("precompute")},
                          precompute(k, w, a)});
      }
    }
  }
  return p;
}

std::vector<std::string> GroupSizeStudy::findings(const Plan& /*plan*/,
                                                  const DesignResults& r) const {
  std::vector<std::string> out;
  for (DataType a : activations_) {
    for (int w : weight_bits_) {
      int best_k = 0;
      double best = 0;
      for (int k : group_sizes_) {
        const double dens = r.at(unit(k, w, a).label()).tops_per_mm2();
        if (dens > best) best = dens, best_k = k;
      }
      const std::string what = "A_" + act_name(a) + " W_INT" + std::to_string(w) + ": ";
      // A dot unit that misses the clock has no density at it (NaN).
      out.push_back(best_k == 0 ? what + "no group size's dot unit meets the study clock"
                                : what + "best group size by compute density of the dot unit "
                                         "(among those meeting the clock) is K=" +
                                      std::to_string(best_k) + " (" + fixed(best, 3) +
                                      " TOPS/mm^2)");
    }
  }
  return out;
}

}  // namespace lutsim::ppa
