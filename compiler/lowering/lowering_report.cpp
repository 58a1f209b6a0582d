#include "compiler/lowering/lowering_report.hpp"

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
  const TileChoice& t = d.tiling;
  return "CTA " + std::to_string(t.cta_m) + " x " + std::to_string(t.cta_n) + " x " +
         std::to_string(t.cta_k) + " (" + std::to_string(t.stages) + " stages, split-K " +
         std::to_string(t.split_k) + ", " + t.schedule + "), warp " + std::to_string(t.warp_m) +
         " x " + std::to_string(t.warp_n) + ", " + std::to_string(t.k_steps) + " K steps of " +
         std::to_string(t.k_step);
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
  const WarpProgramLayout& w = d.warp;
  const std::string first = d.tables == TableSource::kLutpre ? "activations" : "tables";
  return "# " + d.gemm + ": " + dims_text(d.dims) + ", " + std::to_string(d.datapath.weight_bits) +
         "-bit weights, " + std::string(to_string(d.datapath.activation)) + " activations\n" +
         "# " + tile_text(d) + "\n# " + tables_text(d) + "\n# shared memory: K step s at s x " +
         std::to_string(w.step_bytes) + ": " + first + " at +0, weights at +" +
         std::to_string(w.weights_offset) + "; " + std::to_string(w.resident_steps) +
         " steps resident\n" + lmma::print_program(l.warp.program);
}

std::string summary_line(const GemmLowering& l) {
  if (!l.lowered) return "not lowered " + l.gemm + ": " + l.refused;
  const KernelDescriptor& d = l.lowered->kernel;
  return "lowered " + d.gemm + ": " + tile_text(d) + "; " + tables_text(d) + "; " +
         std::to_string(d.warp.registers()) + " warp registers (" +
         std::to_string(d.warp.registers() * lmma::kWarpRegisterBytes) + " bytes), " +
         std::to_string(d.tiling.smem_bytes_per_cta) + " bytes of shared memory per CTA";
}

}  // namespace lutsim::compiler
