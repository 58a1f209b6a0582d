#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <systemc>

#include "compiler/program/program_parser.hpp"
#include "ppa/power/vcd_activity.hpp"
#include "sim/systemc/subcore/sub_core_module.hpp"
#include "sim/systemc/subcore/sub_core_vcd.hpp"
#include "sim/systemc/systemc_kernel.hpp"

namespace lutsim::systemc {
namespace {

// Four K steps: a shared-memory load, then an lmma that depends on it.
lmma::Program four_steps() {
  return lmma::parse_program(
      "repeat 4 as k {\n"
      "  ld.shared.b128 t0, [k*512 + lane*16]\n"
      "  lmma.m2n256k16.f16.i2.f32.f32 d0, t0, w0, d0\n"
      "}\n",
      "four_steps.lmma");
}

}  // namespace

// The SystemC shell clocks the same core: `done` rises at the edge after the
// plain core's last cycle, and the counts are the plain core's.
TEST_CASE("SubCoreModule runs a program to done in the plain core's cycles", "[systemc][subcore]") {
  fresh_systemc_kernel();
  HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  const lmma::Program program = four_steps();
  SubCore reference(sub_core_config(hw), program);
  const SubCoreResult want = reference.run();

  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<bool> rst("rst");
  sc_core::sc_signal<bool> done("done");
  SubCoreModule dut("dut", sub_core_config(hw), program);
  dut.clk(clk);
  dut.rst(rst);
  dut.done(done);
  rst.write(false);
  sc_core::sc_start(1, sc_core::SC_NS);
  std::uint64_t ns = 1;
  while (!done.read() && ns < 10000) {
    sc_core::sc_start(1, sc_core::SC_NS);
    ++ns;
  }
  REQUIRE(done.read());
  const SubCoreResult& got = dut.core().result();
  CHECK(got.cycles == want.cycles);
  CHECK(got.stall_cycles == want.stall_cycles);
  CHECK(got.actions.lut_lookups == want.actions.lut_lookups);
  CHECK(dut.core().cycle() == reference.cycle());
}

// A run under SystemC with a waveform gives SubCore::run's result, and the VCD
// (read back with the PPA flow's VCD reader) shows every busy cycle of each
// unit and every issue: time at 1 = cycles x the SM clock period.
TEST_CASE("run_with_vcd: the plain core's result and a waveform of its cycles",
          "[systemc][subcore]") {
  HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  const lmma::Program program = four_steps();
  SubCore reference(sub_core_config(hw), program);
  const SubCoreResult want = reference.run();
  REQUIRE(hw.sub_core->issue_width_instr_per_cycle == 1);  // issued is 0 or 1

  const std::filesystem::path vcd =
      std::filesystem::temp_directory_path() / "lutsim_test_sub_core.vcd";
  const double period_s = 1.0 / hw.sm_clock_hz;
  SubCore traced(sub_core_config(hw), program);
  const SubCoreResult& got = run_with_vcd(traced, period_s, vcd);
  CHECK(got.cycles == want.cycles);
  CHECK(got.stall_cycles == want.stall_cycles);
  CHECK(got.unit_busy_cycles == want.unit_busy_cycles);

  const ppa::VcdActivity wave = ppa::VcdActivity::read(vcd, {"SystemC", 0, {}});
  const double period_ps = std::round(period_s * 1e12) * 1e-12;
  auto cycles_at_one = [&](const std::string& signal) {
    const ppa::SignalActivity* s = wave.find(signal);
    REQUIRE(s);
    return std::llround(s->time_at_one_s / period_ps);
  };
  CHECK(cycles_at_one("busy_lut_tensor_core") ==
        static_cast<long long>(want.unit_busy_cycles[static_cast<std::size_t>(Unit::kLut)]));
  CHECK(cycles_at_one("busy_load_store") ==
        static_cast<long long>(want.unit_busy_cycles[static_cast<std::size_t>(Unit::kLsu)]));
  CHECK(cycles_at_one("issued[0]") == static_cast<long long>(want.instructions));
  CHECK(cycles_at_one("busy_mma_tensor_core") == 0);
  std::filesystem::remove(vcd);
}

}  // namespace lutsim::systemc
