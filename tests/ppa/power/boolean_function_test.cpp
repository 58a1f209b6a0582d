#include "ppa/power/boolean_function.hpp"

#include <catch2/catch.hpp>

#include "ppa/power/liberty_syntax.hpp"

using lutsim::ppa::BooleanFunction;

TEST_CASE("Boolean functions: Liberty operators and precedence", "[ppa][power][function]") {
  const BooleanFunction f = BooleanFunction::parse("!(A1 & A2) | B'", "t");
  REQUIRE(f.variables() == std::vector<std::string>{"A1", "A2", "B"});
  CHECK(f.evaluate(0b011));  // A1 = A2 = 1, B = 0 -> B' = 1
  CHECK_FALSE(f.evaluate(0b111));
  const BooleanFunction g = BooleanFunction::parse("(A * B) + C ^ D", "t");  // + lowest
  CHECK(g.evaluate(0b0011));
  CHECK(g.evaluate(0b0100));
  CHECK_FALSE(g.evaluate(0b1100));
  CHECK(BooleanFunction::parse("A B", "t").evaluate(0b11));  // juxtaposition is AND
  CHECK_THROWS_AS(BooleanFunction::parse("A &", "t"), lutsim::ppa::LibertyError);
}

TEST_CASE("Boolean functions: probability and sensitivity", "[ppa][power][function]") {
  const BooleanFunction f = BooleanFunction::parse("A & B", "t");
  auto p = [](const std::string& v) { return v == "A" ? 0.5 : 0.25; };
  CHECK(f.probability(p) == Approx(0.125));
  CHECK(f.sensitivity("A", p) == Approx(0.25));  // A matters when B = 1
  CHECK(f.sensitivity("B", p) == Approx(0.5));
  CHECK(f.sensitivity("C", p) == 0);
  const BooleanFunction x = BooleanFunction::parse("A ^ B", "t");
  CHECK(x.sensitivity("A", p) == Approx(1.0));
}
