// A point's config split into its long members, kept once per store, and the
// rest (store/shared_members.hpp).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "store/shared_members.hpp"

namespace lutsim::store {

TEST_CASE("the long members of a config's text are split from the rest, which stays valid JSON",
          "[store]") {
  const nlohmann::json config = {
      {"gemm", {{"k", 4096}, {"m", 16}}},
      {"hw", {{"name", "a \"quoted\" } ] { [ name, \\ and more"}, {"rates", {1.5, 2, -3e-7}}}},
      {"energy", "a string of forty-one characters in all.."},
      {"study", "design_point"},
      {"empty", nlohmann::json::object()},
      {"none", nullptr}};
  const std::string text = config.dump();
  const SplitConfig split = split_shared_members(text, 40);
  REQUIRE(split.shared.size() == 2);
  CHECK(split.shared[0].first == "energy");  // the object's (sorted) order
  CHECK(split.shared[0].second == config["energy"].dump());
  CHECK(split.shared[1].first == "hw");
  CHECK(split.shared[1].second == config["hw"].dump());
  nlohmann::json rest = nlohmann::json::parse(split.rest);
  CHECK(rest == nlohmann::json({{"gemm", config["gemm"]},
                                {"study", "design_point"},
                                {"empty", nlohmann::json::object()},
                                {"none", nullptr}}));
  for (const auto& [name, value] : split.shared) rest[name] = nlohmann::json::parse(value);
  CHECK(rest.dump() == text);  // joined again, the config as it was

  // Nothing long: the rest is the text itself; text with spaces splits the same.
  CHECK(split_shared_members(text, 1000).rest == text);
  CHECK(split_shared_members(text, 1000).shared.empty());
  CHECK(split_shared_members(config.dump(2), 40).shared.size() == 2);
  CHECK(split_shared_members("{}", 1).rest == "{}");
}

TEST_CASE("a text that is not a JSON object is refused when split", "[store]") {
  for (const char* text :
       {"", "[1, 2]", "{\"a\": 1", "{\"a\" 1}", "{\"a\": \"x}", "{\"a\": 1} x", "{\"a\": [1, 2}"}) {
    INFO(text);
    CHECK_THROWS_AS(split_shared_members(text, 1), std::invalid_argument);
  }
}

}  // namespace lutsim::store
