#include <catch2/catch.hpp>

#include "core/config/config_document.hpp"
#include "core/specs/model_spec.hpp"
#include "core/specs/sweep_spec.hpp"

using namespace lutsim;
using config::ConfigDocument;
using config::ConfigError;

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
