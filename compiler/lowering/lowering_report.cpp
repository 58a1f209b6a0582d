#include "compiler/lowering/lowering_report.hpp"

#include <cstdio>

#include "compiler/program/operand_layout.hpp"
#include "compiler/program/program_printer.hpp"

namespace lutsim::compiler {
namespace {

std::string dims_text(const ir::GemmDims& d) {
  return std::to_string(d.m) + " x " + std::to_string(d.n) + " x " + std::to_string(d.k);
}

std::string tables_text(const KernelDescriptor& d) {
  return d.precompute_fused
             ? "tables from shared memory (precompute fused into '" + d.table_writer + "')"
             : "tables built by lutpre from activations in shared memory (precompute '" +
                   d.table_writer + "' not fused)";
}

std::string tile_text(const KernelDescriptor& d) {
  return tiling_text(d.tiling);
}

std::string microseconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f us", s * 1e6);
  return text;
}

// The chosen tiling's time against the best and worst legal ones.
std::string search_text(const TileChoice& t) {
  const TileSearchSummary& s = t.search;
  return "search (" + std::string(s.exhaustive ? "exhaustive" : "pruned") + ", " +
         std::to_string(s.legal) + " legal tilings, " + std::to_string(s.lowerable) +
         " lowerable): chosen " + microseconds(t.time_s) + " (" + t.bound + "-bound), best legal " +
         microseconds(s.best_legal.time_s) + " (" + s.best_legal.bound +
         "-bound: " + s.best_legal.tiling + "), worst legal " + microseconds(s.worst_legal.time_s) +
         " (" + s.worst_legal.bound + "-bound)";
}

// Where the program expects its operands in shared memory.
std::string smem_layout_text(const KernelDescriptor& d) {
  const WarpProgramLayout& w = d.warp;
  const std::string first = d.tables == TableSource::kLutpre ? "activations" : "tables";
  if (d.tiling.residency == TableResidency::kSharedMemory) {
    return "# shared memory: K step s at s x " + std::to_string(w.step_bytes) + ": " + first +
           " at +0, weights at +" + std::to_string(w.weights_offset) + "; " +
           std::to_string(w.resident_steps) + " steps resident\n";
  }
  return "# shared memory: the K slice's " + first + " at 0, K step s at s x " +
         std::to_string(w.step_bytes) + "; N sweep tile j's weights at " +
         std::to_string(w.sweep_weights_offset) + " + j x " + std::to_string(w.sweep_weight_bytes) +
         " (K step s at + s x " + std::to_string(w.weight_step_bytes) + "), its outputs at " +
         std::to_string(w.outputs_offset) + " + j x " + std::to_string(w.output_bytes) + "; " +
         std::to_string(w.resident_sweeps) + " of " + std::to_string(d.tiling.n_sweep) +
         " sweep tiles resident\n";
}

}  // namespace

nlohmann::json to_json(const GemmLowering& l) {
  if (!l.lowered) return {{"gemm", l.gemm}, {"lowered", false}, {"reason", l.refused}};
  nlohmann::json j = to_json(l.lowered->kernel);
  j["lowered"] = true;
  return j;
}

std::string program_text(const LoweredGemm& l) {
  const KernelDescriptor& d = l.kernel;
  return "# " + d.gemm + ": " + dims_text(d.dims) + ", " + std::to_string(d.datapath.weight_bits) +
         "-bit weights, " + std::string(to_string(d.datapath.activation)) + " activations\n" +
         "# " + tile_text(d) + "\n# " + search_text(d.tiling) + "\n# " + tables_text(d) + "\n" +
         smem_layout_text(d) + lmma::print_program(l.warp.program);
}

std::string summary_line(const GemmLowering& l) {
  if (!l.lowered) return "not lowered " + l.gemm + ": " + l.refused;
  const KernelDescriptor& d = l.lowered->kernel;
  return "lowered " + d.gemm + ": " + tile_text(d) + "; " + tables_text(d) + "; " +
         std::to_string(d.warp.registers()) + " warp registers (" +
         std::to_string(d.warp.registers() * lmma::kWarpRegisterBytes) + " bytes), " +
         std::to_string(d.tiling.smem_bytes_per_cta) + " bytes of shared memory per CTA; " +
         search_text(d.tiling);
}

}  // namespace lutsim::compiler
