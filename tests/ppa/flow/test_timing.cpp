#include <catch2/catch.hpp>

#include "core/io/text_file.hpp"
#include "flow_test_support.hpp"
#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/timing.hpp"

using namespace lutsim::ppa;
using lutsim::ppa::test::flow_data;
using lutsim::ppa::test::shared_cache;

namespace {

SynthesisResult synthesize_design(const std::string& top, const std::string& library) {
  SynthesisRequest r;
  r.top = top;
  r.sources = {flow_data("adder.sv"), flow_data("reg_adder_pair.sv")};
  r.parameters = {{"W", 4}};
  r.library = cell_library(library);
  r.cache_dir = shared_cache();
  return synthesize(r);
}

}  // namespace

TEST_CASE("flow: timing of a registered design onto NanGate45 and ASAP7", "[ppa][flow]") {
  const CellLibrary nangate = cell_library("nangate45");
  const TimingResult t = analyze_timing(synthesize_design("reg_adder_pair", "nangate45"), nangate);
  CHECK_FALSE(t.combinational_only);
  CHECK(t.critical_path_ns > 0.1);  // a 4-bit adder, a reset gate and the setup time
  CHECK(t.critical_path_ns < 2.0);
  CHECK(t.max_clock_mhz == Approx(1000.0 / t.critical_path_ns));
  CHECK(t.slack_ns == Approx(kTimingClockPeriodNs - t.critical_path_ns));
  CHECK_FALSE(t.startpoint.empty());
  CHECK_FALSE(t.endpoint.empty());
  CHECK(std::filesystem::is_regular_file(t.report));

  const TimingResult again =
      analyze_timing(synthesize_design("reg_adder_pair", "nangate45"), nangate);
  CHECK(again.from_cache);
  CHECK(again.critical_path_ns == t.critical_path_ns);

  const CellLibrary asap7 = cell_library("asap7");
  const TimingResult fast = analyze_timing(synthesize_design("reg_adder_pair", "asap7"), asap7);
  CHECK(fast.critical_path_ns > 0.02);  // in ns, not ps
  CHECK(fast.critical_path_ns < t.critical_path_ns);
}

TEST_CASE("flow: timing of a combinational design uses a virtual clock", "[ppa][flow]") {
  const TimingResult t =
      analyze_timing(synthesize_design("adder", "nangate45"), cell_library("nangate45"));
  CHECK(t.combinational_only);
  CHECK(t.critical_path_ns > 0.05);
  CHECK(t.critical_path_ns < 2.0);
  CHECK(t.max_clock_mhz == Approx(1000.0 / t.critical_path_ns));
}

TEST_CASE("flow: outputs aliasing one net get buffers, and OpenSTA reads the netlist",
          "[ppa][flow]") {
  for (const std::string library : {"nangate45", "asap7"}) {
    const CellLibrary lib = cell_library(library);
    SynthesisRequest r;
    r.top = "aliased_outputs";
    r.sources = {flow_data("aliased_outputs.sv")};
    r.library = lib;
    r.cache_dir = shared_cache();
    const SynthesisResult s = synthesize(r);
    INFO(library);
    // one XOR and one AND drive y[0] and y[1]; y[2] and z are buffered copies of y[0]
    CHECK(s.cells_by_type.count(lib.buffer) == 1);
    CHECK(s.cells_by_type.at(lib.buffer) == 2);
    const TimingResult t = analyze_timing(s, lib);
    CHECK(t.combinational_only);
    CHECK(t.critical_path_ns > 0);
  }
}

// A 32-bit adder pair mapped without and with a delay target (abc -D -constr): mapped
// for 500 ps, OpenSTA finds it faster (measured 1.17 -> 0.92 ns on NanGate45) at more
// area (761 -> 882 um^2); the two are cached apart, and the constraints abc was given
// are the library buffer's (its input pin's capacitance from the liberty).
TEST_CASE("flow: a delay target maps for speed", "[ppa][flow]") {
  const CellLibrary lib = cell_library("nangate45");
  SynthesisRequest r;
  r.top = "reg_adder_pair";
  r.sources = {flow_data("adder.sv"), flow_data("reg_adder_pair.sv")};
  r.parameters = {{"W", 32}};
  r.library = lib;
  r.cache_dir = shared_cache();
  const SynthesisResult area_mapped = synthesize(r);
  r.delay_target_ps = 500;
  const SynthesisResult delay_mapped = synthesize(r);
  CHECK(delay_mapped.work_dir != area_mapped.work_dir);
  CHECK_FALSE(std::filesystem::exists(area_mapped.work_dir / "abc.constr"));
  const std::string constraints = lutsim::read_text_file(delay_mapped.work_dir / "abc.constr");
  CHECK(constraints == "set_driving_cell BUF_X1\nset_load 0.974659\n");
  const TimingResult slow = analyze_timing(area_mapped, lib);
  const TimingResult fast = analyze_timing(delay_mapped, lib);
  INFO("no target: " << slow.critical_path_ns << " ns, " << area_mapped.area_um2
                     << " um^2; 500 ps target: " << fast.critical_path_ns << " ns, "
                     << delay_mapped.area_um2 << " um^2");
  CHECK(fast.critical_path_ns < 0.9 * slow.critical_path_ns);
  CHECK(delay_mapped.area_um2 > area_mapped.area_um2);

  r.delay_target_ps = -1;
  CHECK_THROWS_WITH(synthesize(r), Catch::Contains("negative delay target"));
  r.delay_target_ps = 500;
  r.library.buffer.clear();
  CHECK_THROWS_WITH(synthesize(r), Catch::Contains("names no buffer"));
}
