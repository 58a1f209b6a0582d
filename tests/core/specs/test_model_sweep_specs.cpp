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

TEST_CASE("sweep points are made one at a time by index", "[config]") {
  SweepSpec s;
  s.axes = {{"a", "a", {"1", "2", "3"}, {}}, {"b", "b", {"x", "y"}, {}}};
  REQUIRE(sweep_size(s) == 6);
  CHECK(sweep_point(s, 0).label == "a=1, b=x");
  CHECK(sweep_point(s, 3).assignments == std::vector<std::string>{"a=2", "b=y"});
  CHECK(sweep_point(s, 5).values == std::vector<std::string>{"3", "y"});
  CHECK(sweep_size(SweepSpec{}) == 1);
  CHECK(sweep_point(SweepSpec{}, 0).assignments.empty());
}

TEST_CASE("a sweep whose point count overflows is refused at the axis", "[config]") {
  SweepSpec s;
  const std::vector<std::string> values(1 << 16, "1");
  for (int i = 0; i < 4; ++i) {
    s.axes.push_back({"k" + std::to_string(i), "k", values, {"sweep.yaml", 3 + 2 * i, 5}});
  }
  // 2^48 points fit; a fourth 2^16 axis makes 2^64.
  CHECK_THROWS_WITH(sweep_size(s),
                    "sweep.yaml:9:5: axes: the cross product of the axes up to this one has more "
                    "than 18446744073709551615 points");
  s.axes.pop_back();
  CHECK(sweep_size(s) == std::size_t{1} << 48);
}
