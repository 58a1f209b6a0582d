#include "ppa/studies/kinds/ppa_studies.hpp"
#include "ppa/studies/kinds/study_parts.hpp"

namespace lutsim::ppa {
namespace {

// The LUT blocks' table form and negation (a MAC block has neither: the keys are then
// unknown keys, an error): defaults as the LUT variants the tile model uses.
void read_lut_form(config::ConfigReader& tc, DesignPoint& d) {
  const std::string table = tc.get<std::string>(
      "table", {.description = "table form: half (2^(K-1) entries, reinterpreted weights) or "
                               "full (2^K subset sums, conventional LUT)",
                .default_value = "half",
                .allowed = {"half", "full"}});
  d.geometry.table_form = table == "half" ? TableForm::kSymmetricHalf : TableForm::kUnsignedFull;
  d.negation_in_acc = tc.get<bool>(
      "negation_in_acc", {.description = "half-table negation done by the accumulator's "
                                         "adder/subtractor (no negation circuit)",
                          .default_value = false});
}

TensorCoreVariant read_variant(config::ConfigReader& tc, const PpaRunSpec& run) {
  TensorCoreVariant v;
  v.name = tc.get<std::string>("name", {.description = "label"});
  const std::string design = tc.get<std::string>(
      "design", {.description = "building block",
                 .allowed = {"lut_array", "mac_array", "mac_dot_unit", "lut_dot_unit"}});
  const DesignKind kind = parse_design_kind(design);
  v.design = read_shape(tc, "array", {1, 1, 4}, kind);
  if (kind == DesignKind::kMacDotUnit || kind == DesignKind::kLutDotUnit) {
    v.design.geometry.m = v.design.geometry.n = 1;
  }
  v.design.weight_bits = tc.get<int>(
      "weight_bits", {.description = "weight bits", .default_value = 2, .min = 1, .max = 8});
  v.design.activation = parse_data_type(tc.get<std::string>(
      "activation",
      {.description = "activation format", .default_value = "fp16", .allowed = kActivationNames}));
  if (kind == DesignKind::kLutArray || kind == DesignKind::kLutDotUnit) read_lut_form(tc, v.design);
  v.copies = tc.get<int>(
      "copies",
      {.description = "blocks per tensor core", .default_value = 1, .min = 1, .max = 4096});
  check_design(tc, "array", v.design);
  const std::vector<int> depths = read_pipeline_stages(tc, "pipeline_stages", run);
  if (depths.size() != 1) throw tc.error("pipeline_stages", "a variant takes one depth");
  v.design = at_depths(tc, "pipeline_stages", v.design, depths).front();
  return v;
}

}  // namespace

TensorCoreStudy::TensorCoreStudy(config::ConfigReader& root, PpaRunSpec run)
    : PpaStudy(std::move(run)) {
  for (auto& tc : root.section_list("tensor_cores", "tensor-core variants")) {
    tensor_cores_.push_back(read_variant(tc, run_spec()));
  }
  if (tensor_cores_.empty()) throw root.error("tensor_cores", "needs at least one variant");
  tensor_cores_per_sm_ = root.get<int>(
      "tensor_cores_per_sm",
      {.description = "tensor cores per SM", .default_value = 4, .min = 1, .max = 64});
}

Plan TensorCoreStudy::plan() const {
  Plan p{{{"variant", "", ""},
          {"scope", "", "tensor_core or sm"},
          {"block", "", "building block"},
          {"copies", "1", "blocks in this scope"}},
         {},
         {"a tensor core is `copies` replicated blocks and an SM holds tensor_cores_per_sm "
          "tensor cores: area and power scale linearly (wiring and operand delivery not "
          "included)"}};
  for (const TensorCoreVariant& v : tensor_cores_) {
    const double tc = v.copies;
    const double sm = tc * tensor_cores_per_sm_;
    p.rows.push_back(
        {{v.name, std::string("tensor_core"), v.design.label(), std::int64_t{v.copies}},
         v.design,
         tc});
    p.rows.push_back({{v.name, std::string("sm"), v.design.label(), static_cast<std::int64_t>(sm)},
                      v.design,
                      sm});
  }
  return p;
}

std::vector<std::string> TensorCoreStudy::findings(const Plan& plan, const DesignResults& r) const {
  std::vector<std::string> out;
  for (const RowPlan& row : plan.rows) {
    if (std::get<std::string>(row.keys[1]) != "sm") continue;
    const DesignPpa& p = r.at(row.design.label());
    out.push_back(std::get<std::string>(row.keys[0]) +
                  " per SM: " + fixed(p.area_um2 * row.copies * 1e-6, 4) + " mm^2, " +
                  fixed(p.total_w * row.copies * 1e3, 1) + " mW, " +
                  fixed(p.macs_per_cycle * row.copies, 0) + " MAC/cycle at W_INT" +
                  std::to_string(row.design.weight_bits));
  }
  return out;
}

}  // namespace lutsim::ppa
