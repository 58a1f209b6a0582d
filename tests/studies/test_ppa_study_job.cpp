// The PPA studies run through the top-level study registry (lutsim ppa and
// lutsim sweep) exactly as the PPA study runner prices them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "ppa/flow/cell_library.hpp"
#include "ppa/flow/node_scaling.hpp"
#include "ppa/studies/ppa_study.hpp"
#include "studies/study_loader.hpp"
#include "studies/study_registry.hpp"

using namespace lutsim;
using config::ConfigDocument;

namespace {

const std::string kDotUnits = R"(study: ppa_dot_units
method: analytic
designs: [lut, mac]
group_sizes: [4]
weight_bits: [1, 2]
activations: [fp16, int8]
)";

ConfigDocument document() { return ConfigDocument::load_string(kDotUnits, "dot_units", "."); }

// The study priced by the PPA runner directly, on `library`.
ppa::PpaStudyResult priced_directly(const std::string& library) {
  ConfigDocument doc = document();
  doc.apply_override("library=" + library);
  auto root = doc.root();
  const auto study = ppa::read_ppa_study(root);
  ppa::PpaRunOptions o;
  o.evaluate = ppa::make_evaluator(study->run_spec(), ".", "unused_cache");
  o.scaling = ppa::scaling_to_comparison_node(ppa::cell_library(library));
  return ppa::run_ppa_study(*study, o);
}

// Cell for cell, a NaN (not timed) equal to a NaN.
bool same_rows(const ResultTable& a, const ResultTable& b) {
  if (a.rows().size() != b.rows().size()) return false;
  for (std::size_t i = 0; i < a.rows().size(); ++i) {
    const auto& x = a.rows()[i];
    const auto& y = b.rows()[i];
    if (x.size() != y.size()) return false;
    for (std::size_t j = 0; j < x.size(); ++j) {
      const auto* dx = std::get_if<double>(&x[j]);
      const auto* dy = std::get_if<double>(&y[j]);
      if (dx && dy && std::isnan(*dx) && std::isnan(*dy)) continue;
      if (x[j] != y[j]) return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("every PPA study is registered as a study by its name", "[studies]") {
  const auto names = builtin_studies().names();
  for (const std::string& ppa_name : ppa::ppa_study_names()) {
    CHECK(std::find(names.begin(), names.end(), ppa_name) != names.end());
  }
}

TEST_CASE("a PPA study run as a study gives the PPA runner's table, on either library",
          "[studies]") {
  for (const std::string library : {"nangate45", "asap7"}) {
    const LoadedStudy loaded = load_study(document(), {"library=" + library}, "configs");
    CHECK(loaded.kind == "ppa_dot_units");
    CHECK(loaded.resolved["library"] == library);
    CHECK(loaded.resolved["cache_dir"] == "results/ppa_cache");
    const StudyResult r = loaded.study->run({});
    const ppa::PpaStudyResult direct = priced_directly(library);
    REQUIRE(r.tables.size() == 3);
    CHECK(r.tables[0].stem == "ppa_dot_units");
    CHECK(r.tables[1].stem == "ppa_dot_units_modules");
    CHECK(r.tables[2].stem == "ppa_dot_units_components");
    // 2 designs x 2 weight widths x 2 activation formats.
    REQUIRE(r.tables[0].table.rows().size() == 8);
    CHECK(same_rows(r.tables[0].table, direct.table));
    for (const std::string& f : direct.findings) CHECK_THAT(r.report, Catch::Contains(f));
  }
}
