#include "store/point_key.hpp"

#include <catch2/catch.hpp>

namespace lutsim::store {

TEST_CASE("sha256_hex gives the FIPS 180-2 test digests", "[store]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("a point's key hashes its canonical config and the revision", "[store]") {
  const auto a = nlohmann::json::parse(R"({"m": 16, "hw": {"x": 0.1, "a": "s"}})");
  const auto b = nlohmann::json::parse(R"({"hw": {"a": "s", "x": 0.1}, "m": 16})");
  CHECK(point_key(a, "abc123") ==
        sha256_hex(std::string(R"({"hw":{"a":"s","x":0.1},"m":16})") + '\0' + "abc123"));
  CHECK(point_key(a, "abc123") == point_key(b, "abc123"));  // key order does not matter
  CHECK(point_key(a, "abc123") != point_key(a, "abc124"));
  auto c = a;
  c["m"] = 17;
  CHECK(point_key(a, "abc123") != point_key(c, "abc123"));
  CHECK(point_key_of_text(a.dump(), "abc123") == point_key(a, "abc123"));
}

}  // namespace lutsim::store
