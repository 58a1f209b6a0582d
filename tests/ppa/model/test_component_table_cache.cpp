// cached_component_table: one parse per file text, shared across paths and
// calls; an edited file is parsed again.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/io/text_file.hpp"
#include "ppa/model/component_table_cache.hpp"

using namespace lutsim;

namespace fs = std::filesystem;

TEST_CASE("a component table is parsed once per file text", "[ppa]") {
  const fs::path committed = "configs/ppa/components_nangate45.yaml";
  const fs::path dir = fs::temp_directory_path() / "lutsim_test_component_table_cache";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string text = read_text_file(committed);
  std::ofstream(dir / "copy.yaml") << text;

  const auto first = ppa::cached_component_table(committed);
  CHECK(ppa::cached_component_table(committed) == first);
  // The same text under another name: the same parse.
  CHECK(ppa::cached_component_table(dir / "copy.yaml") == first);
  CHECK(first->provenance.library == "nangate45");
  const auto direct = ppa::load_component_table(committed);
  CHECK(first->fits[0].knots.size() == direct.fits[0].knots.size());

  // Edited: parsed again, as the file now says.
  std::ofstream(dir / "copy.yaml") << text << "# edited\n";
  const auto edited = ppa::cached_component_table(dir / "copy.yaml");
  CHECK(edited != first);
  CHECK(edited->provenance.library == "nangate45");

  std::ofstream(dir / "copy.yaml") << "library: [\n";
  CHECK_THROWS_WITH(ppa::cached_component_table(dir / "copy.yaml"),
                    Catch::StartsWith((dir / "copy.yaml").string() + ": not valid YAML"));
  fs::remove_all(dir);
}
