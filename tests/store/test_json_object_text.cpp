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

TEST_CASE("members given as texts are written as given, added or replacing the object's",
          "[store]") {
  const nlohmann::json hw = {{"a100", {{"sm", {{"count", 108}}}, {"name", "A100"}}}};
  const nlohmann::json study = {{"study", "gemm"}, {"m", 16}, {"zeta", {1, 2}}};
  nlohmann::json whole = study;
  whole["hw"] = hw;
  // Added: the object lacks "hw".
  const JsonObjectText text(study, {{"hw", hw.dump()}});
  CHECK(text.text() == whole.dump());
  // Replacing: the object's own "hw" is not written.
  CHECK(JsonObjectText(whole, {{"hw", hw.dump()}}).text() == whole.dump());
  CHECK(JsonObjectText({{"hw", 0}}, {{"hw", "[1]"}}).text() == R"({"hw":[1]})");

  const nlohmann::json record = {{"name", "nangate45"}, {"prices", {"MAC: 1 pJ"}}};
  const nlohmann::json notes = {{"energy_pricing", record}, {"m", 32}};
  nlohmann::json recorded = whole;
  recorded.update(notes);
  CHECK(text.updated_text(notes, {{"energy_pricing", record.dump()}}) == recorded.dump());
  // A text of a member that `members` lacks is not written.
  nlohmann::json m32 = whole;
  m32["m"] = 32;
  CHECK(text.updated_text({{"m", 32}}, {{"energy_pricing", record.dump()}}) == m32.dump());
}

}  // namespace lutsim::store
