#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

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
  s.axes = {{.key = "a", .column = "a", .values = {"1", "2", "3"}},
            {.key = "b", .column = "b", .values = {"x", "y"}}};
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
    s.axes.push_back({.key = "k" + std::to_string(i),
                      .column = "k",
                      .values = values,
                      .where = {"sweep.yaml", 3 + 2 * i, 5}});
  }
  // 2^48 points fit; a fourth 2^16 axis makes 2^64.
  CHECK_THROWS_WITH(sweep_size(s),
                    "sweep.yaml:9:5: axes: the cross product of the axes up to this one has more "
                    "than 18446744073709551615 points");
  s.axes.pop_back();
  CHECK(sweep_size(s) == std::size_t{1} << 48);
}

TEST_CASE("a zip of axes is one dimension of the cross product", "[config]") {
  auto doc = ConfigDocument::load_string(
      "name: z\nbase: b.yaml\naxes:\n  - key: a\n    values: [1, 2]\n  - zip:\n"
      "      - key: b\n        values: [x, y, z]\n      - key: c\n        column: cc\n"
      "        values: [7, 8, 9]\n",
      "z.yaml", ".");
  auto root = doc.root();
  const SweepSpec s = read_sweep(root, "z.yaml");
  doc.check_all_consumed();
  REQUIRE(s.axes.size() == 3);
  CHECK_FALSE(s.axes[1].zipped_with_previous);
  CHECK(s.axes[2].zipped_with_previous);
  CHECK(s.axes[2].column == "cc");
  REQUIRE(sweep_size(s) == 6);
  CHECK(sweep_point(s, 0).label == "a=1, b=x, c=7");
  CHECK(sweep_point(s, 2).label == "a=1, b=z, c=9");
  CHECK(sweep_point(s, 4).values == std::vector<std::string>{"2", "y", "8"});
}

TEST_CASE("the axis-value points take every value of every dimension once", "[config]") {
  SweepSpec s;
  s.axes = {{.key = "a", .column = "a", .values = {"1", "2", "3"}},
            {.key = "b", .column = "b", .values = {"x", "y"}},
            {.key = "c", .column = "c", .values = {"7", "8"}, .zipped_with_previous = true},
            {.key = "d", .column = "d", .values = {"p", "q", "r", "s"}}};
  REQUIRE(sweep_size(s) == 24);
  // d's digit has stride 1, the zip (b, c) 4, a 8.
  const std::vector<std::size_t> points = axis_value_points(s);
  CHECK(points == std::vector<std::size_t>{0, 1, 2, 3, 4, 8, 16});
  std::vector<std::vector<std::string>> seen(s.axes.size());
  for (const std::size_t i : points) {
    const SweepPoint p = sweep_point(s, i);
    for (std::size_t a = 0; a < s.axes.size(); ++a) seen[a].push_back(p.values[a]);
  }
  for (std::size_t a = 0; a < s.axes.size(); ++a) {
    std::sort(seen[a].begin(), seen[a].end());
    seen[a].erase(std::unique(seen[a].begin(), seen[a].end()), seen[a].end());
    CHECK(seen[a] == s.axes[a].values);
  }
  CHECK(axis_value_points(SweepSpec{}) == std::vector<std::size_t>{0});
}

TEST_CASE("a zip needs two axes of equal length", "[config]") {
  const auto error = [](const std::string& axes) {
    auto doc = ConfigDocument::load_string("name: z\nbase: b.yaml\naxes:\n" + axes, "z.yaml", ".");
    auto root = doc.root();
    try {
      (void)read_sweep(root, "z.yaml");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("  - zip:\n      - key: b\n        values: [1]\n") ==
        "z.yaml:5:7: axes[0].zip: expected two or more axes to zip");
  CHECK(error("  - zip:\n      - key: b\n        values: [1, 2]\n      - key: c\n"
              "        values: [1]\n") ==
        "z.yaml:8:17: axes[0].zip[1].values: zipped axes need lists of equal length: 'c' has 1 "
        "values, 'b' (line 5) has 2");
  // A value may repeat within a zip (N and K of GEMM shapes), a combination may not.
  CHECK(error("  - zip:\n      - key: n\n        values: [4096, 8192, 4096]\n      - key: k\n"
              "        values: [4096, 8192, 4096]\n") ==
        "z.yaml:5:7: axes[0].zip: combination 2 repeats combination 0: a zip's values name "
        "distinct combinations");
  CHECK(error("  - key: a\n    values: [1, 1]\n") ==
        "z.yaml:5:17: axes[0].values[1]: '1' repeats axes[0].values[0]: a list names distinct "
        "values");
}

TEST_CASE("a value may repeat in a zip when its combinations are distinct", "[config]") {
  auto doc = ConfigDocument::load_string(
      "name: z\nbase: b.yaml\naxes:\n  - zip:\n      - key: n\n        values: [12288, 4096, 4096]\n"
      "      - key: k\n        values: [4096, 4096, 11008]\n",
      "z.yaml", ".");
  auto root = doc.root();
  const SweepSpec s = read_sweep(root, "z.yaml");
  REQUIRE(sweep_size(s) == 3);
  CHECK(sweep_point(s, 1).label == "n=4096, k=4096");
  CHECK(sweep_point(s, 2).label == "n=4096, k=11008");
}

namespace {

SweepSpec sweep_of(const std::string& axes) {
  auto doc = ConfigDocument::load_string("name: r\nbase: b.yaml\naxes:\n" + axes, "r.yaml", ".");
  auto root = doc.root();
  SweepSpec s = read_sweep(root, "r.yaml");
  doc.check_all_consumed();
  return s;
}

std::string sweep_error(const std::string& axes) {
  try {
    (void)sweep_of(axes);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a random axis draws its values from its seed", "[config]") {
  const auto log_axis = [](int seed) {
    return sweep_of("  - key: n\n    random: {samples: 2001, seed: " + std::to_string(seed) +
                    ", log_uniform: [1, 1000000], integer: true}\n")
        .axes.at(0);
  };
  const SweepAxis a = log_axis(7);
  CHECK(a.sampling == "random: 2001 samples, seed 7, log_uniform [1, 1e+06], integer");
  REQUIRE(a.values.size() == 2001);
  std::vector<std::int64_t> n;
  for (const auto& v : a.values) n.push_back(std::stoll(v));  // integers, written as such
  CHECK(*std::min_element(n.begin(), n.end()) >= 1);
  CHECK(*std::max_element(n.begin(), n.end()) <= 1000000);
  // Log-uniform over 6 decades: the median is near 10^3, a quarter lies below 10^1.5.
  std::sort(n.begin(), n.end());
  CHECK(n[1000] > 500);
  CHECK(n[1000] < 2000);
  CHECK(n[500] > 16);
  CHECK(n[500] < 64);
  CHECK(log_axis(7).values == a.values);
  CHECK(log_axis(8).values != a.values);

  const SweepAxis choice =
      sweep_of("  - key: act\n    random: {samples: 50, seed: 1, choice: [fp16, int8]}\n").axes[0];
  CHECK(choice.sampling == "random: 50 samples, seed 1, choice");
  CHECK(std::count(choice.values.begin(), choice.values.end(), "fp16") +
            std::count(choice.values.begin(), choice.values.end(), "int8") ==
        50);
  CHECK(std::count(choice.values.begin(), choice.values.end(), "fp16") > 10);
  CHECK(std::count(choice.values.begin(), choice.values.end(), "int8") > 10);

  const SweepAxis uniform =
      sweep_of("  - key: x\n    random: {samples: 10, seed: 3, uniform: [0.5, 0.75]}\n").axes[0];
  for (const auto& v : uniform.values) {
    CHECK(std::stod(v) >= 0.5);
    CHECK(std::stod(v) < 0.75);
  }
}

TEST_CASE("a random axis is refused without exactly one distribution", "[config]") {
  CHECK(sweep_error("  - key: x\n    random: {samples: 2, seed: 1}\n") ==
        "r.yaml:5:13: axes[0].random: expected one of uniform: [low, high], log_uniform: [low, "
        "high] or choice: [values]");
  CHECK(sweep_error("  - key: x\n    values: [1]\n    random: {samples: 2, seed: 1, uniform: "
                    "[0, 1]}\n") ==
        "r.yaml:5:13: axes[0].values: an axis has values or random, not both");
  CHECK(sweep_error("  - key: x\n    random: {samples: 2, seed: 1, log_uniform: [0, 1]}\n") ==
        "r.yaml:5:48: axes[0].random.log_uniform: a log-uniform range needs low > 0");
}

TEST_CASE("a derived axis takes its value at each point from the axes before it", "[config]") {
  // Area-normalized LUT arrays: array_n so that m x n x k stays 512.
  const SweepSpec s = sweep_of(
      "  - key: hw.g.lut_tensor_core.array_m\n    column: array_m\n    values: [1, 2, 4]\n"
      "  - key: weight_bits\n    values: [1, 2]\n"
      "  - key: hw.g.lut_tensor_core.array_k\n    column: array_k\n    values: [2, 4]\n"
      "  - key: hw.g.lut_tensor_core.array_n\n    column: array_n\n"
      "    derived: 512 / (array_m * array_k)\n"
      "  - key: half\n    derived: -(-array_n) / 2 + 0.25 * 2 - .5\n");
  REQUIRE(s.axes.size() == 5);
  CHECK(s.axes[3].sampling == "derived: 512 / (array_m * array_k)");
  CHECK(s.axes[3].values.empty());
  REQUIRE(sweep_size(s) == 12);  // derived axes add no dimension
  CHECK(sweep_point(s, 0).values == std::vector<std::string>{"1", "1", "2", "256", "128"});
  CHECK(sweep_point(s, 11).values == std::vector<std::string>{"4", "2", "4", "32", "16"});
  CHECK(sweep_point(s, 11).label ==
        "hw.g.lut_tensor_core.array_m=4, weight_bits=2, hw.g.lut_tensor_core.array_k=4, "
        "hw.g.lut_tensor_core.array_n=32, half=16");
  CHECK(axis_value_points(s) == std::vector<std::size_t>{0, 1, 2, 4, 8});
  // A value that is not a whole number is written as the shortest text that reads back.
  const SweepSpec third = sweep_of("  - key: a\n    values: [1]\n  - key: b\n    derived: a / 3\n");
  CHECK(sweep_point(third, 0).values[1] == "0.3333333333333333");
}

TEST_CASE("a derived axis is refused with the line and what it may use", "[config]") {
  CHECK(sweep_error("  - key: a\n    values: [1, 2]\n  - key: b\n    derived: a * c\n") ==
        "r.yaml:7:14: axes[1].derived: 'a * c': no column 'c' to use (the columns of the axes "
        "before it: a)");
  CHECK(sweep_error("  - key: a\n    values: [1, 2]\n  - key: b\n    derived: a * (2\n") ==
        "r.yaml:7:14: axes[1].derived: 'a * (2' at character 7: expected ')'");
  CHECK(sweep_error("  - key: a\n    values: [1, 2]\n  - key: b\n    derived: a 2\n") ==
        "r.yaml:7:14: axes[1].derived: 'a 2' at character 3: expected an operator (+ - * /) or "
        "the end");
  CHECK(sweep_error("  - key: a\n    values: [x, 2]\n  - key: b\n    derived: a + 1\n") ==
        "r.yaml:7:14: axes[1].derived: the column 'a' (line 4) has the value 'x', not a number");
  CHECK(sweep_error("  - key: a\n    values: [1]\n  - key: b\n    values: [1]\n"
                    "    derived: a + 1\n") ==
        "r.yaml:7:13: axes[1].values: an axis has values, random or derived, one of them");
  CHECK(sweep_error("  - zip:\n      - key: a\n        values: [1, 2]\n      - key: b\n"
                    "        derived: a\n") ==
        "r.yaml:8:18: axes[0].zip[1].derived: a derived axis cannot be zipped: it has no values");
  // A point where the value is not finite fails at that point.
  const SweepSpec s = sweep_of("  - key: a\n    values: [1, 0]\n  - key: b\n    derived: 1 / a\n");
  CHECK(sweep_point(s, 0).values[1] == "1");
  CHECK_THROWS_WITH(sweep_point(s, 1),
                    "r.yaml:6:5: axes: the derived axis 'b' is 1 / a = inf at the point a=0");
}
