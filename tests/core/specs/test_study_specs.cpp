#include <catch2/catch.hpp>

#include "core/config/config_document.hpp"
#include "core/specs/accuracy_study_spec.hpp"
#include "core/specs/model_spec.hpp"
#include "core/specs/sweep_spec.hpp"

using namespace lutsim;
using config::ConfigDocument;
using config::ConfigError;

TEST_CASE("the default study config reads and skips invalid datapath combinations", "[config]") {
  auto doc = ConfigDocument::load_file("configs/studies/numerics_accuracy.yaml");
  auto root = doc.root();
  const AccuracyStudySpec s = read_accuracy_study(root);
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

TEST_CASE("a model config reads and checks heads against kv heads", "[config]") {
  auto doc = ConfigDocument::load_file("tests/core/specs/data/opt_6_7b.yaml");
  doc.apply_override("num_kv_heads=5");
  auto root = doc.root();
  CHECK_THROWS_WITH(read_model(root),
                    Catch::Contains("num_kv_heads") && Catch::Contains("not a multiple"));
}

TEST_CASE("a sweep expands to the cross product with the first axis slowest", "[config]") {
  const std::string file = "tests/core/specs/data/sweep.yaml";
  auto doc = ConfigDocument::load_file(file);
  auto root = doc.root();
  const SweepSpec s = read_sweep(root, file);
  doc.check_all_consumed();
  const auto points = expand_sweep(s);
  REQUIRE(points.size() == 6);
  CHECK(points[0].assignments ==
        std::vector<std::string>{"datapaths.weight_bits=[1]", "problem.m=1"});
  CHECK(points[5].label == "datapaths.weight_bits=[2], problem.m=4");
  CHECK(std::filesystem::exists(s.base));
}
