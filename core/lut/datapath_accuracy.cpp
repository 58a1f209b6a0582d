#include "core/lut/datapath_accuracy.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "core/lut/dequant_gemm.hpp"
#include "core/lut/error_bound.hpp"
#include "core/lut/lut_mpgemm.hpp"

namespace lutsim {
namespace {

double max_error_to_bound(const MpGemmProblem& p, const LutGemmResult& r, const LutGemmConfig& cfg,
                          double& max_acc_error) {
  const Matrix exact = integer_weight_gemm(p.x, p.w, cfg.geometry.table_form);
  const Matrix err = (r.accumulators - exact).cwiseAbs();
  max_acc_error = err.maxCoeff();
  double worst = 0.0;
  for (int m = 0; m < p.x.rows(); ++m) {
    const double bound =
        lut_accumulator_error_bound(cfg, static_cast<int>(p.x.cols()), p.x.row(m).cwiseAbs().sum());
    const double row_max = err.row(m).maxCoeff();
    if (std::isinf(bound)) return std::numeric_limits<double>::quiet_NaN();
    worst = std::max(worst, bound > 0.0 ? row_max / bound : (row_max > 0.0 ? INFINITY : 0.0));
  }
  return worst;
}

DatapathAccuracy evaluate(const RandomProblemSpec& base, const LutGemmConfig& cfg,
                          const RowProgress& after_row) {
  RandomProblemSpec spec = base;
  spec.activation = cfg.activation;
  spec.weight_bits = cfg.weight_bits;
  const MpGemmProblem p = make_random_problem(spec);

  const auto start = std::chrono::steady_clock::now();
  const LutGemmResult r = lut_mpgemm(p.x, p.w, cfg, after_row);
  const auto stop = std::chrono::steady_clock::now();

  const Matrix ref = dequant_gemm(p.x, p.w);
  DatapathAccuracy a;
  a.datapath = cfg;
  a.outputs = static_cast<std::int64_t>(ref.size());
  a.lookups = a.outputs * (spec.k / cfg.geometry.k) * cfg.weight_bits;
  a.nonfinite_outputs = (!r.accumulators.array().isFinite()).count();
  a.max_abs_error = (r.outputs - ref).cwiseAbs().maxCoeff();
  const double ref_norm = ref.norm();
  a.rel_rms_error = ref_norm > 0.0 ? (r.outputs - ref).norm() / ref_norm : 0.0;
  a.max_error_to_bound = max_error_to_bound(p, r, cfg, a.max_acc_error);
  a.host_seconds = std::chrono::duration<double>(stop - start).count();
  return a;
}

}  // namespace

std::vector<DatapathAccuracy> evaluate_datapaths(const RandomProblemSpec& problem,
                                                 const std::vector<LutGemmConfig>& datapaths,
                                                 const AccuracyProgress& progress) {
  std::vector<DatapathAccuracy> results;
  results.reserve(datapaths.size());
  const std::size_t m = static_cast<std::size_t>(problem.m);
  const std::size_t all_rows = m * datapaths.size();
  for (const LutGemmConfig& cfg : datapaths) {
    const std::size_t rows_before = m * results.size();
    RowProgress after_row;
    if (progress) after_row = [&](int done, int) { progress(rows_before + done, all_rows); };
    results.push_back(evaluate(problem, cfg, after_row));
  }
  return results;
}

}  // namespace lutsim
