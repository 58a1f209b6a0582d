#pragma once
// One warp tile of a GEMM run on the sub-core: the warp program for the
// tiling the tile model chooses, of the LUT tensor core (lmma, lowered by the
// compiler: compiler/lowering) or of the MMA baseline it replaces (mma,
// mma_warp_program.hpp), with the tile model's choice and per-SM rate beside
// the sub-core's cycles. Used by `lutsim lmma` and the systemc engine of
// `lutsim model`.

#include <cstdint>
#include <functional>
#include <string_view>

#include "compiler/lowering/warp_program.hpp"
#include "core/numerics/data_type.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/systemc/subcore/sub_core.hpp"
#include "sim/tile/gemm_model.hpp"

namespace lutsim::systemc {

enum class WarpKernel {
  kLut,  // lmma on the LUT tensor core (b-bit weights, tables from the activations)
  kMma,  // mma.sync on the MAC tensor core, weights in the activation's format
};
std::string_view to_string(WarpKernel k);

struct GemmWarpRunSpec {
  WarpKernel kernel = WarpKernel::kLut;
  std::int64_t m = 0, n = 0, k = 0;
  int weight_bits = 2;  // lut only
  DataType act = DataType::kFp16;
  // lut: when every K step (and sweep tile) is resident, fill random operands
  // and check the accumulators against lut_mpgemm (slow: values cost about
  // 70 x timing).
  bool check_values = false;
};

struct GemmWarpRun {
  GemmEstimate estimate;  // the tile model's tiling of the GEMM (best_gemm)
  int warp_m = 0, warp_n = 0, k_step = 0;
  std::int64_t k_steps = 0, resident_steps = 0;
  // Tables in registers: the warp program computes n_sweep warp tiles along
  // N with one load of its tables (1 otherwise); resident_sweeps of them
  // have their weights and outputs laid out in shared memory.
  TablePlacement tables = TablePlacement::kSharedMemory;
  int n_sweep = 1;
  std::int64_t resident_sweeps = 1;
  double tile_model_macs_per_cycle_per_sm = 0.0;  // the kernel's MAC rate in the tile model
  bool values_checked = false;                    // accumulators bit-exact with lut_mpgemm
  SubCoreResult result;

  // The MACs of one run of the warp program: its n_sweep warp tiles.
  double warp_macs() const {
    return static_cast<double>(warp_m) * warp_n * k_step * k_steps * n_sweep;
  }
  // The sub-core's MACs per cycle times the SM's partitions.
  double sm_macs_per_cycle(int partitions) const {
    return warp_macs() / static_cast<double>(result.cycles) * partitions;
  }
};

// The compiler's lowering of the LUT GEMM (m, n, k) with `weight_bits`-bit
// weights and `act` activations on `hw`, for the tiling the tile model
// chooses among those the lowering emits (best_gemm over lut_kernel with
// warp tiles and K steps of whole array tiles, tables in shared memory or in
// registers over an N sweep: TileModelTiler's choice), its tables
// precomputed in shared memory; `estimate` receives that choice when given.
compiler::WarpProgram lowered_warp_program(const HardwareSpec& hw, std::int64_t m, std::int64_t n,
                                           std::int64_t k, int weight_bits, DataType act,
                                           GemmEstimate* estimate = nullptr);

// Throws std::invalid_argument for a kernel the hardware or the golden
// numerics do not model (mma: fp16 and int8 only; lut: needs lut_tensor_core),
// UnsupportedSubCore for a hardware config the sub-core cannot run, and
// std::logic_error if checked values differ from lut_mpgemm (a model bug).
// `progress` as SubCore::run's.
// How a prepared sub-core (operands in place) is run to the end: SubCore::run
// (plain_driver), or under SystemC with a waveform (sub_core_vcd.hpp).
using SubCoreDriver = std::function<void(SubCore&)>;
SubCoreDriver plain_driver(const SubCore::Progress& progress = {});

GemmWarpRun run_gemm_warp_tile(const HardwareSpec& hw, const SubCoreConfig& config,
                               const GemmWarpRunSpec& spec,
                               const SubCoreDriver& driver = plain_driver());

}  // namespace lutsim::systemc
