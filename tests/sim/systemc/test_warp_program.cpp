#include <catch2/catch.hpp>

#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"
#include "sim/systemc/subcore/gemm_warp_run.hpp"
#include "sim/systemc/subcore/sub_core.hpp"
#include "sim/systemc/subcore/warp_operands.hpp"
#include "sim/tile/gemm_kernel.hpp"
#include "tests/support/committed_hardware.hpp"

namespace lutsim::systemc {
namespace {

using lutsim::test::committed_hardware;

// Simulated MACs per cycle of one sub-core x the SM's partitions, over the
// tile model's per-SM LUT rate (lut_kernel's macs_per_cycle_per_sm).
struct Throughput {
  SubCoreResult result;
  double sm_macs_per_cycle = 0.0;
  double tile_model_macs_per_cycle = 0.0;
  double ratio() const { return sm_macs_per_cycle / tile_model_macs_per_cycle; }
};

Throughput warp_throughput(const std::string& hw_name, std::int64_t m, std::int64_t n,
                           std::int64_t k, int bits) {
  const HardwareSpec hw = committed_hardware(hw_name);
  const compiler::WarpProgram p = lowered_warp_program(hw, m, n, k, bits, DataType::kFp16);
  SubCore core(sub_core_config(hw), p.program, SubCore::Mode::kTimingOnly);
  Throughput t;
  t.result = core.run();
  const double macs =
      static_cast<double>(p.spec.warp_m) * p.spec.warp_n * p.spec.k_step * p.spec.k_steps;
  t.sm_macs_per_cycle = macs / static_cast<double>(t.result.cycles) * hw.tensor_cores_per_sm;
  t.tile_model_macs_per_cycle = lut_kernel(hw, bits, DataType::kFp16).macs_per_cycle_per_sm;
  return t;
}

}  // namespace

// A lowered program on the sub-core computes the warp tile's GEMM bit for
// bit as lut_mpgemm does, for an odd and an even number of K steps.
TEST_CASE("sub-core: a generated warp program is bit-exact with lut_mpgemm", "[systemc][subcore]") {
  HardwareSpec hw = committed_hardware("a100_lut_4x");
  hw.lut_tensor_core->throughput_scale = 2;
  const SubCoreConfig config = sub_core_config(hw);
  for (const auto& [act, steps, bits] :
       {std::tuple{DataType::kFp16, 5, 2}, std::tuple{DataType::kFp16, 2, 3},
        std::tuple{DataType::kInt8, 3, 4}}) {
    compiler::WarpTileSpec s;
    s.warp_m = 4;
    s.warp_n = 128;
    s.k_step = 16;
    s.k_steps = steps;
    s.datapath = lut_datapath(hw, bits, act);
    s.array = hw.lut_tensor_core->geometry;
    s.arrays = 2;
    s.smem_bytes = config.smem_bytes;
    const compiler::WarpProgram p = compiler::warp_tile_program(s);
    const MpGemmProblem problem = make_random_problem(
        {.m = 4, .n = 128, .k = 16 * steps, .activation = act, .weight_bits = bits, .seed = 11});
    SubCore core(config, p.program);
    write_warp_operands(p, problem.x, problem.w, core.shared_memory());
    core.run();
    const Matrix got = read_warp_accumulators(p, core.registers(), core.shared_memory());
    const Matrix want = lut_mpgemm(problem.x, problem.w, s.datapath).accumulators;
    for (int m = 0; m < 4; ++m) {
      for (int n = 0; n < 128; ++n) {
        INFO(to_string(act) << " steps " << steps << " bits " << bits << " m " << m << " n " << n);
        REQUIRE(got(m, n) == want(m, n));
      }
    }
  }
}

// The sub-core running the warp tile the tile model chose, against the tile
// model's per-SM LUT rate (docs/systemc.md, "Sub-core throughput against the
// tile model", explains the gap).
TEST_CASE("sub-core throughput on OPT and Llama warp tiles vs the tile model",
          "[systemc][subcore]") {
  // Llama-2-70B o_proj (N = K = 8192) and OPT-175B fc1 (N = 49152, K = 12288), prefill of 2048
  // tokens.
  const Throughput llama = warp_throughput("a100_lut_4x", 2048, 8192, 8192, 2);
  const Throughput opt = warp_throughput("a100_lut_4x", 2048, 49152, 12288, 2);
  for (const Throughput* t : {&llama, &opt}) {
    INFO("ratio " << t->ratio() << " cycles " << t->result.cycles);
    CHECK(t->ratio() > 0.99);
    CHECK(t->ratio() <= 1.0);
  }
}

}  // namespace lutsim::systemc
