#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {

ArrayShapesStudy::ArrayShapesStudy(config::ConfigReader& root, PpaRunSpec run)
    : PpaStudy(std::move(run)) {
  for (auto& shape : root.section_list("shapes", "array shapes")) {
    DesignPoint d = read_shape(shape, "mnk", {}, DesignKind::kLutArray);
    check_design(shape, "mnk", d);
    shapes_.push_back(d);
  }
  if (shapes_.empty()) throw root.error("shapes", "needs at least one shape");
  weight_bits_ = read_ints(root, "weight_bits", "weight bits", {1, 2, 4}, 1, 8);
  activations_ = read_activations(root, {"fp16", "int8"});
  pipeline_stages_ = read_pipeline_stages(root, "pipeline_stages", run_spec());
  for (const DesignPoint& s : shapes_) at_depths(root, "pipeline_stages", s, pipeline_stages_);
}

DesignPoint ArrayShapesStudy::design(DesignPoint shape, int w, DataType a, int depth) const {
  shape.weight_bits = w;
  shape.activation = a;
  shape.negation_in_acc = true;
  shape.pipeline_stages = depth;
  return shape;
}

Plan ArrayShapesStudy::plan() const {
  Plan p{{{"shape", "", "MxNxK"}, {"weight_bits", "bit", ""}, {"activation", "", ""}},
         {},
         {"lut_array: M tables broadcast along N, M x N lookup-accumulate elements, tables "
          "precomputed outside the array",
          "not priced: the operand traffic into the array (M tables per group, N x K weight "
          "index bits per cycle from the register file), which favours small N"}};
  for (DataType a : activations_) {
    for (int w : weight_bits_) {
      for (int depth : pipeline_stages_) {
        for (const DesignPoint& s : shapes_) {
          const DesignPoint d = design(s, w, a, depth);
          p.rows.push_back({{d.geometry.shape_name(), std::int64_t{w}, act_name(a)}, d});
        }
      }
    }
  }
  return p;
}

std::vector<std::string> ArrayShapesStudy::findings(const Plan& /*plan*/,
                                                    const DesignResults& r) const {
  std::vector<std::string> out;
  for (DataType a : activations_) {
    for (int w : weight_bits_) {
      for (int depth : pipeline_stages_) {
        std::string best;
        double best_ap = 0;
        for (const DesignPoint& s : shapes_) {
          const DesignPoint d = design(s, w, a, depth);
          const DesignPpa& p = r.at(d.label());
          const double ap = p.area_um2 * p.total_w;
          if (best.empty() || ap < best_ap) {
            best = d.geometry.shape_name();
            if (p.design.pipeline_stages != 0) {
              best += " at pipeline_stages " + std::to_string(p.design.pipeline_stages);
            }
            best_ap = ap;
          }
        }
        out.push_back("W_INT" + std::to_string(w) + " x A_" + act_name(a) +
                      ": smallest area x power is " + best + " (" +
                      fixed(best_ap * 1e-6 * 1e3, 4) + " mm^2*mW)");
      }
    }
  }
  return out;
}

}  // namespace lutsim::ppa
