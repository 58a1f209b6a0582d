#include "compiler/lowering/kernel_descriptor.hpp"

#include "compiler/program/operand_layout.hpp"

namespace lutsim::compiler {
namespace {

nlohmann::json cost_json(const TileCost& c) {
  return {{"tiling", c.tiling}, {"bound", c.bound}, {"time_s", c.time_s}};
}

nlohmann::json search_json(const TileSearchSummary& s) {
  return {{"exhaustive", s.exhaustive},
          {"legal_tilings", s.legal},
          {"lowerable_tilings", s.lowerable},
          {"best_legal", cost_json(s.best_legal)},
          {"worst_legal", cost_json(s.worst_legal)}};
}

nlohmann::json tiling_json(const TileChoice& t) {
  return {{"cta_tile", {{"m", t.cta_m}, {"n", t.cta_n}, {"k", t.cta_k}}},
          {"stages", t.stages},
          {"split_k", t.split_k},
          {"schedule", t.schedule},
          {"ctas", t.ctas},
          {"warp_tile", {{"m", t.warp_m}, {"n", t.warp_n}}},
          {"k_step_elements", t.k_step},
          {"k_steps_per_cta", t.k_steps},
          {"smem_bytes_per_cta", t.smem_bytes_per_cta},
          {"register_bytes_per_cta", t.register_bytes_per_cta},
          {"table_residency", to_string(t.residency)},
          {"n_sweep", t.n_sweep},
          {"table_entry_format", to_string(t.table_format)},
          {"bound", t.bound},
          {"time_s", t.time_s},
          {"search", search_json(t.search)}};
}

// Tables in registers: where the N sweep's weights and outputs are.
nlohmann::json sweep_json(const WarpProgramLayout& l) {
  return {{"weight_step_bytes", l.weight_step_bytes},
          {"weights_offset_bytes", l.sweep_weights_offset},
          {"weight_bytes_per_tile", l.sweep_weight_bytes},
          {"outputs_offset_bytes", l.outputs_offset},
          {"output_bytes_per_tile", l.output_bytes},
          {"resident_tiles", l.resident_sweeps}};
}

nlohmann::json warp_json(const WarpProgramLayout& l) {
  const lmma::MatrixShape& in = l.instruction;
  nlohmann::json j = {{"instruction", {{"m", in.m}, {"n", in.n}, {"k", in.k}}},
                      {"step_bytes", l.step_bytes},
                      {"resident_steps", l.resident_steps},
                      {"smem_bytes", l.smem_bytes()},
                      {"registers",
                       {{"a", l.a_registers},
                        {"t", l.t_registers},
                        {"w", l.w_registers},
                        {"d", l.d_registers},
                        {"total", l.registers()}}},
                      {"register_bytes", l.registers() * lmma::kWarpRegisterBytes}};
  if (l.resident_sweeps > 0) j["n_sweep"] = sweep_json(l);
  return j;
}

}  // namespace

nlohmann::json to_json(const KernelDescriptor& d) {
  const LutGemmConfig& dp = d.datapath;
  return {{"gemm", d.gemm},
          {"m", d.dims.m},
          {"n", d.dims.n},
          {"k", d.dims.k},
          {"grid", {{"m", d.grid_m}, {"n", d.grid_n}, {"k", d.tiling.split_k}}},
          {"tiling", tiling_json(d.tiling)},
          {"datapath",
           {{"weight_bits", dp.weight_bits},
            {"activation", to_string(dp.activation)},
            {"table_group_size", dp.geometry.k},
            {"table_form", to_string(dp.geometry.table_form)},
            {"table_entries", dp.geometry.table_entries()},
            {"table_entry_format", to_string(dp.table_format)},
            {"accumulator", to_string(dp.accumulator)}}},
          {"tables", to_string(d.tables)},
          {"table_writer", d.table_writer},
          {"precompute_fused", d.precompute_fused},
          {"warp_program", warp_json(d.warp)}};
}

}  // namespace lutsim::compiler
