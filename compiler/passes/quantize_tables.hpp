#pragma once

#include <cstdint>
#include <string_view>

#include "compiler/passes/pass.hpp"

namespace lutsim::compiler {

// Table quantization: every table of FP16 entries (a precompute's, or a norm
// or elementwise op's with a precompute fused into it) is stored as INT8
// entries with one FP16 scale per table (core's TableEntryFormat::
// kInt8Quantized: scale = fp16(max|entry| / 127), entries rounded half to
// even), and the LUT linears reading it read that layout. It runs after
// split_precompute (and fuse_precompute, in either order). Effects per LUT
// linear: "quantized", with the output error it costs measured on random data
// (core's make_random_problem, seed kSeed): a sample of min(M, kSampleRows) x
// min(N, kSampleCols) outputs over the full K, the linear's weight bits and
// activation type, the hardware's table form and group size, FP32
// accumulation, computed with FP16 tables and with INT8 tables by core's
// lut_mpgemm; data: error_max_relative = max |Y_int8 - Y_fp16| / max |Y_fp16|,
// error_rms_relative = rms(Y_int8 - Y_fp16) / rms(Y_fp16), the sample and
// the seed. "kept": tables not of FP16 entries, or of INT8 activations
// (exact integer sums; core models no other table for them).
class QuantizeTables : public Pass {
 public:
  static constexpr std::string_view kName = "quantize_tables";
  static constexpr std::string_view kDescription =
      "each table of FP16 entries -> INT8 entries with one scale per table; reports the output "
      "error per GEMM on random data";
  static constexpr std::uint64_t kSeed = 13;
  static constexpr std::int64_t kSampleRows = 4;
  static constexpr std::int64_t kSampleCols = 32;

  std::vector<GemmEffect> run(ir::Graph& graph, const PassContext& context) const override;
};

}  // namespace lutsim::compiler
