#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {

AblationStudy::AblationStudy(config::ConfigReader& root, PpaRunSpec run)
    : PpaStudy(std::move(run)) {
  array_ = read_shape(root, "array", {2, 64, 4}, DesignKind::kLutArray);
  array_.weight_bits = root.get<int>(
      "weight_bits", {.description = "weight bits", .default_value = 2, .min = 1, .max = 8});
  array_.activation = read_activations(root, {"int8"}).front();
  check_design(root, "array", array_);
}

Plan AblationStudy::plan() const {
  const double units = 1.0 * array_.geometry.m * array_.geometry.n;
  Plan p{{{"step", "1", "ablation step"}, {"design", "", "what changed"}},
         {},
         {"steps 0-2: M x N dot units each with its own table precompute and table (one unit "
          "synthesized, replicated M x N times); step 3: the LUT array with M tables "
          "broadcast along N and the precompute moved out of the array"}};
  DesignPoint unit;
  unit.kind = DesignKind::kLutDotUnitPrecompute;
  unit.geometry.k = array_.geometry.k;
  unit.weight_bits = array_.weight_bits;
  unit.activation = array_.activation;
  unit.geometry.table_form = TableForm::kUnsignedFull;
  p.rows.push_back(
      {{std::int64_t{0}, std::string("conventional LUT, per-unit precompute")}, unit, units});
  unit.geometry.table_form = TableForm::kSymmetricHalf;
  p.rows.push_back(
      {{std::int64_t{1}, std::string("+ weight reinterpretation (half tables)")}, unit, units});
  unit.negation_in_acc = true;
  p.rows.push_back({{std::int64_t{2}, std::string("+ negation circuit removed")}, unit, units});
  DesignPoint final_array = array_;
  final_array.geometry.table_form = TableForm::kSymmetricHalf;
  final_array.negation_in_acc = true;
  p.rows.push_back(
      {{std::int64_t{3}, std::string("+ precompute moved out of the array")}, final_array, 1});
  return p;
}

std::vector<std::string> AblationStudy::findings(const Plan& plan, const DesignResults& r) const {
  std::vector<std::string> out;
  double area0 = 0, power0 = 0;
  for (const RowPlan& row : plan.rows) {
    const DesignPpa& p = r.at(row.design.label());
    const double area = p.area_um2 * row.copies, power = p.total_w * row.copies;
    if (area0 == 0) area0 = area, power0 = power;
    out.push_back("step " + std::to_string(std::get<std::int64_t>(row.keys[0])) + " (" +
                  std::get<std::string>(row.keys[1]) + "): area " + fixed(area * 1e-6, 4) +
                  " mm^2 (x" + fixed(area / area0, 3) + "), power " + fixed(power * 1e3, 2) +
                  " mW (x" + fixed(power / power0, 3) + ")");
  }
  return out;
}

}  // namespace lutsim::ppa
