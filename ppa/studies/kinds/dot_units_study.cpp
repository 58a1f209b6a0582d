#include <algorithm>

#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {

const DotUnitsStudy::Defaults DotUnitsStudy::kDotUnits{
    "dot-unit families", {"lut", "mac", "add"}, {1, 2, 4}, {"fp16", "fp8_e4m3", "int8"}};
const DotUnitsStudy::Defaults DotUnitsStudy::kWeightBits{
    "families", {"lut_conventional", "lut", "mac", "add"}, {1, 2, 3, 4, 5, 6, 7, 8}, {"fp16"}};

DotUnitsStudy::DotUnitsStudy(config::ConfigReader& root, PpaRunSpec run, const Defaults& d)
    : PpaStudy(std::move(run)) {
  designs_ = root.get<std::vector<std::string>>(
      "designs", {.description = d.designs_description,
                  .default_value = d.designs,
                  .allowed = {"lut", "lut_conventional", "mac", "add"}});
  group_sizes_ = read_ints(root, "group_sizes", "dot-product length K", {4}, 2, 6);
  weight_bits_ = read_ints(root, "weight_bits", "weight bits", d.weight_bits, 1, 8);
  activations_ = read_activations(root, d.activations);
  pipeline_stages_ = read_study_depth(root, run_spec(), designs());
}

DesignPoint DotUnitsStudy::design(const std::string& f, int k, int w, DataType a) const {
  return at_study_depth(family_design(f, k, w, a), pipeline_stages_);
}

std::vector<DesignPoint> DotUnitsStudy::designs() const {
  std::vector<DesignPoint> out;
  for (int k : group_sizes_) {
    for (DataType a : activations_) {
      for (int w : weight_bits_) {
        for (const std::string& f : designs_) out.push_back(design(f, k, w, a));
      }
    }
  }
  return out;
}

Plan DotUnitsStudy::plan() const {
  Plan p{{{"family", "", "lut, lut_conventional, mac, add"},
          {"k", "1", "dot-product length"},
          {"weight_bits", "bit", "weight precision W_INT"},
          {"activation", "", "activation format"}},
         {},
         kFamilyNotes};
  for (int k : group_sizes_) {
    for (DataType a : activations_) {
      for (int w : weight_bits_) {
        for (const std::string& f : designs_) {
          p.rows.push_back({{f, std::int64_t{k}, std::int64_t{w}, act_name(a)}, design(f, k, w, a)});
        }
      }
    }
  }
  return p;
}

std::vector<std::string> DotUnitsStudy::findings(const Plan& /*plan*/,
                                                 const DesignResults& r) const {
  std::vector<std::string> out;
  const auto has = [&](const char* f) {
    return std::find(designs_.begin(), designs_.end(), f) != designs_.end();
  };
  if (!has("lut")) return out;
  for (int k : group_sizes_) {
    for (DataType a : activations_) {
      for (int w : weight_bits_) {
        const DesignPpa& lut = r.at(design("lut", k, w, a).label());
        std::string line = "W_INT" + std::to_string(w) + " x A_" + act_name(a) + " K" +
                           std::to_string(k) + ": LUT " + fixed(lut.tops_per_mm2(), 3) +
                           " TOPS/mm^2, " + fixed(lut.tops_per_w(), 2) + " TOPS/W";
        for (const char* f : {"mac", "add", "lut_conventional"}) {
          if (!has(f)) continue;
          const DesignPpa& o = r.at(design(f, k, w, a).label());
          // Area at equal throughput needs no clock: it stands when density does not.
          const double area_ratio = (o.area_um2 / o.macs_per_cycle) /
                                    (lut.area_um2 / lut.macs_per_cycle);
          line += "; vs " + std::string(f) + ": x" + fixed(area_ratio, 2) +
                  " less area per MAC/cycle, density x" +
                  fixed(lut.tops_per_mm2() / o.tops_per_mm2(), 2) + ", efficiency x" +
                  fixed(lut.tops_per_w() / o.tops_per_w(), 2);
        }
        out.push_back(line);
      }
    }
  }
  return out;
}

}  // namespace lutsim::ppa
