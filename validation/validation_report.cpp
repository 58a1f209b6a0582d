#include "validation/validation_report.hpp"

#include <cmath>
#include <string>

namespace lutsim {
namespace {

ResultTable summary_table() {
  return ResultTable(
      {{"dataset", "", "id in validation/datasets.yaml, or the --data file's name"},
       {"gpu", "", "hardware config the set is predicted with"},
       {"regime", "",
        "all, gemv (M<=16), small_m (16<M<=512), large_m (M>512), memory_bound, compute_bound "
        "(attention sets: all)"},
       {"points", "1", "measurements"},
       {"mape", "%", "mean absolute percentage error"},
       {"mean_error", "%", "mean signed error (positive: model slower)"},
       {"max_abs_error", "%", "largest absolute error"},
       {"bar", "%", "MAPE bar from validation/bars.yaml; nan (null in JSON): no bar"},
       {"within_bar", "", "yes, no, or - without a bar"}});
}

std::vector<ResultTable::Column> point_columns() {
  return {{"dataset", "", ""},
          {"label", "", "where the shape comes from (model, TP and layer, or shape id)"},
          {"dtype", "", "operand type"},
          {"m", "1", ""},
          {"n", "1", ""},
          {"k", "1", ""},
          {"batch", "1", "independent instances"},
          {"measured", "us", "measured time"},
          {"predicted", "us", "model time (+ launch gap for event-timed sets)"},
          {"error", "%", "(predicted - measured) / measured"},
          {"m_regime", "", "gemv, small_m or large_m"},
          {"roofline", "", "memory_bound or compute_bound on the achievable roofline"},
          {"bound", "", "what limits the chosen tiling"},
          {"tile", "", "threadblock tile BMxBN"},
          {"split_k", "1", ""},
          {"multicast", "", "operand tile shared by a thread-block cluster (none, A, B)"},
          {"waves", "1", "rounds of threadblocks over the SMs"},
          {"schedule", "", "tiles to SMs: data_parallel (waves) or stream_k"}};
}

std::vector<ResultTable::Cell> point_row(const MeasuredDataset& d, const PointError& p) {
  const MeasuredGemm& m = d.gemms[p.index];
  const GemmEstimate& e = p.estimate;
  return {d.name,
          m.label,
          std::string(to_string(m.shape.type)),
          m.shape.m,
          m.shape.n,
          m.shape.k,
          m.shape.batch,
          m.measured_s * 1e6,
          p.predicted_s * 1e6,
          100 * p.error,
          std::string(m_regime(m.shape.m)),
          std::string(p.memory_bound ? "memory_bound" : "compute_bound"),
          std::string(to_string(e.bound)),
          std::to_string(e.tiling.tile.bm) + "x" + std::to_string(e.tiling.tile.bn),
          std::int64_t{e.tiling.split_k},
          std::string(to_string(e.tiling.multicast)),
          e.waves,
          std::string(to_string(e.tiling.schedule))};
}

ResultTable attention_point_table() {
  return ResultTable({{"dataset", "", ""},
                      {"label", "", "model, phase, batch, lengths, type"},
                      {"batch", "1", "sequences"},
                      {"q_heads", "1", ""},
                      {"kv_heads", "1", ""},
                      {"head_dim", "1", ""},
                      {"q_len", "1", "query tokens per sequence"},
                      {"kv_len", "1", "key/value tokens per sequence"},
                      {"causal", "", "yes or no"},
                      {"measured", "us", "measured time of the call"},
                      {"predicted", "us", "model time"},
                      {"error", "%", "(predicted - measured) / measured"},
                      {"kernel", "", "kernel family the model chose"},
                      {"bound", "", "what limits the attention kernel"},
                      {"tile", "", "query x key/value tile (and KV splits)"},
                      {"ctas", "1", "threadblocks of the attention kernel"}});
}

}  // namespace

ValidationReport::ValidationReport()
    : summary(summary_table()),
      points(point_columns()),
      worst(point_columns()),
      attention_points(attention_point_table()) {}

void ValidationReport::add_summary(const std::string& dataset, const std::string& gpu_config,
                                   const std::vector<ErrorSummary>& groups,
                                   const AccuracyBar* bar) {
  for (const ErrorSummary& g : groups) {
    double limit = std::nan("");  // no bar
    if (bar) limit = g.group == "all" ? bar->mape : bar->regime_mape.value_or(std::nan(""));
    const std::string within = std::isnan(limit) ? "-" : (g.mape <= limit ? "yes" : "no");
    summary.add_row({dataset, gpu_config, g.group, g.count, 100 * g.mape, 100 * g.mean_signed,
                     100 * g.max_abs, 100 * limit, within});
  }
}

void ValidationReport::add(const AttentionDataset& data, const AttentionDatasetError& error,
                           const AccuracyBar* bar) {
  add_summary(data.name, data.gpu_config, error.groups, bar);
  for (const AttentionPointError& p : error.points) {
    const MeasuredAttention& m = data.calls[p.index];
    const AttentionShape& s = m.shape;
    attention_points.add_row({data.name, m.label, s.batch, s.q_heads, s.kv_heads, s.head_dim,
                              s.q_len, s.kv_len, std::string(s.causal ? "yes" : "no"),
                              m.measured_s * 1e6, p.predicted_s * 1e6, 100 * p.error,
                              p.estimate.kernel_name(s), std::string(to_string(p.estimate.bound)),
                              to_string(p.estimate.tiling), p.estimate.ctas});
  }
}

void ValidationReport::add(const MeasuredDataset& data, const DatasetError& error,
                           const AccuracyBar* bar) {
  add_summary(data.name, data.gpu_config, error.groups, bar);
  for (const PointError& p : error.points) points.add_row(point_row(data, p));
  for (const PointError& p : error.worst(data, kWorstCount)) worst.add_row(point_row(data, p));
}

}  // namespace lutsim
