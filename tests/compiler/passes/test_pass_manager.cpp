#include <catch2/catch.hpp>

#include <fstream>

#include "compiler/passes/pass_manager.hpp"
#include "core/config/config_error.hpp"
#include "tests/compiler/passes/mini_layer.hpp"
#include "tests/workloads/temp_path.hpp"

using namespace lutsim;
using namespace lutsim::compiler;

namespace {

std::filesystem::path write_yaml(const std::string& name, const std::string& text) {
  const auto path = test::unique_temp_path(name);
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("PassRegistry: the built-in passes by name", "[compiler][passes]") {
  const PassRegistry& r = PassRegistry::builtin();
  CHECK(r.names() == std::vector<std::string>{"fuse_precompute", "quantize_tables",
                                              "reinterpret_weights", "split_precompute"});
  CHECK(r.make("split_precompute") != nullptr);
  CHECK_THROWS_WITH(r.make("fuse"),
                    "unknown pass 'fuse' (known passes: fuse_precompute, quantize_tables, "
                    "reinterpret_weights, split_precompute)");
  PassRegistry own;
  own.add("x", "", [] { return std::unique_ptr<Pass>(); });
  CHECK_THROWS_AS(own.add("x", "", [] { return std::unique_ptr<Pass>(); }), std::logic_error);
}

TEST_CASE("run_passes: an unknown pass is refused before any pass runs", "[compiler][passes]") {
  ir::Graph g = test::mini_layer();
  CHECK_THROWS_WITH(run_passes(g, {"split_precompute", "fold"}, test::mini_context()),
                    Catch::StartsWith("unknown pass 'fold'"));
  CHECK(g.node_count() == 17);
}

TEST_CASE("load_pass_list: a strict YAML list of known passes", "[compiler][passes]") {
  const PassRegistry& r = PassRegistry::builtin();
  SECTION("the default order") {
    const auto path = write_yaml(
        "passes.yaml", "passes: [reinterpret_weights, split_precompute, fuse_precompute]\n");
    nlohmann::json resolved;
    CHECK(load_pass_list(path, r, &resolved) == kDefaultPasses);
    CHECK(resolved == nlohmann::json{{"passes", kDefaultPasses}});
    std::filesystem::remove(path);
  }
  SECTION("an unknown pass names the file, the line and the known passes") {
    const auto path = write_yaml("bad_pass.yaml", "passes:\n  - split_precompute\n  - fuse\n");
    try {
      load_pass_list(path, r);
      FAIL("no error");
    } catch (const config::ConfigError& e) {
      CHECK_THAT(e.what(), Catch::StartsWith(path.string() + ":3"));
      CHECK_THAT(e.what(), Catch::Contains("fuse_precompute") && Catch::Contains("'fuse'"));
    }
    std::filesystem::remove(path);
  }
  SECTION("an unknown key") {
    const auto path = write_yaml("extra_key.yaml", "passes: [split_precompute]\nfuse: true\n");
    CHECK_THROWS_WITH(load_pass_list(path, r), Catch::StartsWith(path.string() + ":2"));
    std::filesystem::remove(path);
  }
}
