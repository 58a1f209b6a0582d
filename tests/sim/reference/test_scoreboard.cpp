#include <catch2/catch.hpp>

#include "sim/reference/scoreboard.hpp"

using namespace lutsim::cycle_ref;

TEST_CASE("a scoreboard counts checks and reports the first mismatches", "[sim]") {
  Scoreboard board("dut", 2);
  CHECK(board.check(1, "out_valid", 1, 1));
  CHECK_FALSE(board.check(7, "accumulator", 0x3c00, 0x4000));
  int described = 0;
  CHECK(board.check(8, 5, 5, [&] {
    ++described;
    return std::string("never");
  }));
  CHECK(described == 0);  // a match formats nothing
  CHECK_FALSE(board.check(9, 1, 2, [] { return std::string("acc (m 1, n 0)"); }));
  CHECK_FALSE(board.check(10, "third", 3, 4));  // counted, not reported
  CHECK(board.checks() == 5);
  CHECK(board.mismatches() == 3);
  const auto reports = board.take_reports();
  REQUIRE(reports.size() == 2);
  CHECK(reports[0] == "MISMATCH dut cycle 7: accumulator: got 0x00003c00 want 0x00004000");
  CHECK(reports[1] == "MISMATCH dut cycle 9: acc (m 1, n 0): got 0x00000001 want 0x00000002");
  CHECK(board.take_reports().empty());
}

TEST_CASE("FP16 coverage counts the classes of the values compared", "[sim]") {
  Fp16Coverage c;
  for (std::uint16_t bits : {0x7E00, 0xFC00, 0x0001, 0x8000, 0x0000, 0x3C00}) c.count(bits);
  CHECK(c.text() == "1 NaN, 1 infinite, 1 subnormal, 2 zero");
  Fp16Coverage sum;
  sum += c;
  sum += c;
  CHECK(sum.zero == 4);
}
