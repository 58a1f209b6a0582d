#include "ppa/power/vcd_activity.hpp"

#include <catch2/catch.hpp>

using lutsim::ppa::VcdActivity;

namespace {

// 1 ns ticks; tb.dut has a scalar n, a 2-bit vector v and an alias m of n.
const char* kVcd = R"($date today $end
$timescale 1ns $end
$scope module tb $end
$var reg 1 ! clk $end
$scope module dut $end
$var wire 1 " n $end
$var wire 2 # v [1:0] $end
$var wire 1 " m $end
$var wire 1 $ \esc.x[3] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
0!
0"
b0 #
x$
$end
#10
1"
b10 #
0$
#20
0"
b1 #
#30
1"
bx1 #
#40
)";

}  // namespace

TEST_CASE("VCD: transitions and time at 1 over the whole file", "[ppa][power][vcd]") {
  const VcdActivity a = VcdActivity::parse(kVcd, "t.vcd", {"tb.dut", 0, {}});
  CHECK(a.window_s() == Approx(40e-9));
  const auto* n = a.find("n");
  REQUIRE(n);
  CHECK(n->transitions == 3);
  CHECK(n->time_at_one_s == Approx(20e-9));
  CHECK(a.duty(*n) == Approx(0.5));
  CHECK(a.density(*n) == Approx(3 / 40e-9));
  CHECK(a.find("m")->transitions == 3);
  CHECK(a.find("v[1]")->transitions == 2.5);  // 0 -> 1 -> 0 -> x
  CHECK(a.find("v[1]")->time_at_one_s == Approx(10e-9));
  CHECK(a.find("v[0]")->transitions == 1);
  CHECK(a.find("v[0]")->time_at_one_s == Approx(20e-9));
  CHECK(a.find("esc.x[3]")->transitions == 0.5);  // x -> 0
  CHECK(a.find("clk") == nullptr);                // other scope
}

TEST_CASE("VCD: the window skips the warm-up", "[ppa][power][vcd]") {
  const VcdActivity a = VcdActivity::parse(kVcd, "t.vcd", {"tb.dut", 10e-9, 30e-9});
  CHECK(a.window_s() == Approx(20e-9));
  const auto* n = a.find("n");
  CHECK(n->transitions == 2);  // the change at 10 sets the initial state; 20 and 30 count
  CHECK(n->time_at_one_s == Approx(10e-9));
  CHECK_THROWS_WITH(VcdActivity::parse(kVcd, "t.vcd", {"tb.nowhere", 0, {}}),
                    Catch::Contains("no variables in scope"));
}

TEST_CASE("VCD: a file that ends before the window is a truncated simulation",
          "[ppa][power][vcd]") {
  CHECK_THROWS_WITH(VcdActivity::parse(kVcd, "t.vcd", {"tb.dut", 0, 1e-3}),
                    Catch::Contains("truncated"));
}
