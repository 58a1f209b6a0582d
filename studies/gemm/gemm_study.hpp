#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/specs/hardware_spec.hpp"
#include "studies/study.hpp"

namespace lutsim {

// One GEMM Y[M,N] = X[M,K] W[N,K]^T on one GPU with the best tiling found.
struct GemmStudySpec {
  HardwareSpec gpu;
  std::int64_t m = 0, n = 0, k = 0;
  std::string act_dtype;  // fp16 | bf16 | int8 | fp8
  int weight_bits = 16;   // 1..8, or 16 for FP16 weights
  std::string kernel;     // auto | dense | dequant | lut
};

// m, n, k, act_dtype and weight_bits of the GEMM at `r` into `s`.
void read_gemm_problem(config::ConfigReader& r, GemmStudySpec& s);
GemmStudySpec read_gemm_study(config::ConfigReader& root, StudyContext& context);

// The study `gemm` (what `lutsim gemm` runs): table "gemm" with one row, and
// the estimate in words as the report.
class GemmStudy final : public Study {
 public:
  static constexpr std::string_view kName = "gemm";

  GemmStudy(config::ConfigReader& root, StudyContext& context);
  std::string plan() const override;
  StudyResult run(const StudyProgress& progress) const override;

 private:
  GemmStudySpec spec_;
};

}  // namespace lutsim
