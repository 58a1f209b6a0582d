// The study specs, registry and loader: strict reading, hardware overrides.
#include <catch2/catch.hpp>

#include "core/config/config_document.hpp"
#include "studies/accuracy/accuracy_study_spec.hpp"

using namespace lutsim;
using config::ConfigDocument;
using config::ConfigError;

TEST_CASE("the default study config reads and skips invalid datapath combinations", "[config]") {
  auto doc = ConfigDocument::load_file("configs/studies/numerics_accuracy.yaml");
  auto root = doc.root();
  const AccuracyStudySpec s = read_accuracy_study(root);
  // The keys load_study reads for every study.
  CHECK(root.get<std::string>("study", {}) == "accuracy");
  CHECK(root.get<std::string>("name", {}) == "numerics_accuracy");
  doc.check_all_consumed();
  // 3 float activations x 3 bit widths x (fp16 | int8_quantized tables) x (fp16 | fp32 acc)
  // + int8 activations x 3 bit widths x integer tables x 3 accumulators.
  CHECK(s.datapaths.size() == 3 * 3 * 2 * 2 + 3 * 3);
  CHECK(s.skipped_combinations == 4 * 3 * 3 * 3 - static_cast<int>(s.datapaths.size()));
  CHECK(doc.resolved()["problem"]["activation_stddev"] == 1.0);
}

TEST_CASE("a list element out of range names its index", "[config]") {
  auto doc = ConfigDocument::load_file("tests/core/specs/data/bad_datapath.yaml");
  auto root = doc.root();
  try {
    read_accuracy_study(root);
    FAIL("no error");
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith("tests/core/specs/data/bad_datapath.yaml:8:20: "
                                           "datapaths.weight_bits[1]: "));
  }
}
