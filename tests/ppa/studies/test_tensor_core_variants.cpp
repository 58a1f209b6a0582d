// ppa_tensor_core variants: the LUT blocks' table form and negation keys, their
// defaults (the LUT Tensor Core tile model's variants) and their errors.
#include <catch2/catch.hpp>
#include <string>

#include "core/config/config_document.hpp"
#include "ppa/studies/ppa_study.hpp"

using namespace lutsim;
using namespace lutsim::ppa;
using config::ConfigDocument;

namespace {

// The designs of a ppa_tensor_core study with these variants (errors name "study.yaml").
Plan tensor_core_plan(const std::string& variants) {
  ConfigDocument doc = ConfigDocument::load_string(
      "study: ppa_tensor_core\ntensor_cores:\n" + variants, "study.yaml", ".");
  auto root = doc.root();
  const Plan plan = read_ppa_study(root)->plan();
  doc.check_all_consumed();  // unknown keys are errors, as in lutsim ppa
  return plan;
}

}  // namespace

TEST_CASE("tensor-core variants: LUT table form and negation in the accumulator",
          "[ppa][studies]") {
  const Plan p = tensor_core_plan(R"(  - {name: a, design: lut_array, array: [2, 4, 4], activation: int8}
  - {name: b, design: lut_array, array: [2, 4, 4], activation: int8, table: full}
  - {name: c, design: lut_dot_unit, array: [1, 1, 4], negation_in_acc: true}
  - {name: d, design: mac_dot_unit, array: [1, 1, 4]}
)");
  REQUIRE(p.rows.size() == 8);  // a tensor-core row and an SM row per variant
  const DesignPoint& half = p.rows[0].design;
  CHECK(half.geometry.table_form == TableForm::kSymmetricHalf);
  CHECK_FALSE(half.negation_in_acc);
  CHECK(half.label() == "lut_array M2N4K4 W2 int8 half");
  const DesignPoint& full = p.rows[2].design;
  CHECK(full.geometry.table_form == TableForm::kUnsignedFull);
  CHECK(full.label() == "lut_array M2N4K4 W2 int8 full");
  CHECK(rtl_text(full).find("SYMMETRIC=0") != std::string::npos);
  const DesignPoint& neg = p.rows[4].design;
  CHECK(neg.negation_in_acc);
  CHECK(neg.label() == "lut_dot_unit K4 W2 fp16 half neg-in-acc");
  CHECK(rtl_text(neg).find("NEG_IN_ACC=1") != std::string::npos);
}

TEST_CASE("tensor-core variant errors name the file, the line and the key", "[ppa][studies]") {
  // A MAC block has no table: the key is unknown there.
  CHECK_THROWS_WITH(tensor_core_plan("  - {name: m, design: mac_dot_unit, array: [1, 1, 4], table: full}\n"),
                    Catch::Contains("study.yaml:3:") && Catch::Contains("table"));
  CHECK_THROWS_WITH(
      tensor_core_plan("  - {name: l, design: lut_array, array: [2, 4, 4], table: quarter}\n"),
      Catch::Contains("study.yaml:3:") && Catch::Contains("tensor_cores[0].table") &&
          Catch::Contains("quarter"));
  // Full tables have no negation to fold into the accumulator.
  CHECK_THROWS_WITH(tensor_core_plan("  - {name: l, design: lut_array, array: [2, 4, 4], table: full, "
                            "negation_in_acc: true}\n"),
                    Catch::Contains("study.yaml:3:") &&
                        Catch::Contains("negation_in_acc needs a LUT design with half tables"));
}
