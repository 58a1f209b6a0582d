#include "store/json_object_text.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

namespace lutsim::store {

TEST_CASE("a JSON object's text kept member by member is its dump, before and after update",
          "[store]") {
  // Nested objects, arrays, escapes, non-ASCII text, exact doubles, NaN
  // (dumped as null) and keys that sort apart from their insertion order.
  nlohmann::json resolved = nlohmann::json::parse(
      R"({"study": "design_point", "hw": {"name": "a\"b\\c\n", "freq_hz": 1.41e9, "x": 0.1},
          "gemm": {"m": 16, "n": 4096, "k": [1, 2.5, -3]}, "Z": null, "é": "µm^2", "": true})");
  resolved["nan"] = std::numeric_limits<double>::quiet_NaN();
  resolved["third"] = 1.0 / 3.0;
  const JsonObjectText text(resolved);
  CHECK(text.text() == resolved.dump());

  const nlohmann::json notes = {{"energy_pricing", {{"table", "asap7"}}},
                                {"gemm", "replaced"},
                                {"a_first", 1e-300},
                                {"energy_not_priced", ""}};
  nlohmann::json recorded = resolved;
  recorded.update(notes);
  CHECK(text.updated_text(notes) == recorded.dump());
  CHECK(text.updated_text(nlohmann::json::object()) == resolved.dump());
  CHECK(text.text() == resolved.dump());  // updated_text leaves the object as it was

  CHECK(JsonObjectText().text() == "{}");
  CHECK(JsonObjectText(nlohmann::json::object()).updated_text(notes) == notes.dump());
  CHECK_THROWS_AS(JsonObjectText(nlohmann::json::array()), std::invalid_argument);
  CHECK_THROWS_AS(text.updated_text(nlohmann::json(3)), std::invalid_argument);
}

}  // namespace lutsim::store
