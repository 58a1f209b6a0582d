#include <catch2/catch.hpp>
#include <systemc>

#include "compiler/program/program_parser.hpp"
#include "sim/systemc/subcore/sub_core_module.hpp"
#include "sim/systemc/systemc_kernel.hpp"

namespace lutsim::systemc {

// The SystemC shell clocks the same core: `done` rises at the edge after the
// plain core's last cycle, and the counts are the plain core's.
TEST_CASE("SubCoreModule runs a program to done in the plain core's cycles", "[systemc][subcore]") {
  fresh_systemc_kernel();
  HardwareSpec hw = load_hardware("configs/hw/a100_lut_4x.yaml");
  const lmma::Program program = lmma::parse_program(
      "repeat 4 as k {\n"
      "  ld.shared.b128 t0, [k*512 + lane*16]\n"
      "  lmma.m2n256k16.f16.i2.f32.f32 d0, t0, w0, d0\n"
      "}\n",
      "module.lmma");
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

}  // namespace lutsim::systemc
