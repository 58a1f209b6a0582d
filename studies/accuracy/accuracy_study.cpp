#include "studies/accuracy/accuracy_study.hpp"

#include <string>

namespace lutsim {

std::vector<ResultTable::Column> accuracy_columns() {
  return {
      {"activation", "", "activation type"},
      {"weight_bits", "bits", "weight bits b"},
      {"group_size", "1", "activations per table k"},
      {"table_form", "", "table layout"},
      {"table_format", "", "table entry format"},
      {"accumulator", "", "accumulator type"},
      {"outputs", "1", "outputs M x N"},
      {"lookups", "1", "table reads M x N x K/k x b"},
      {"overflowed", "1", "outputs whose accumulator overflowed to +-inf"},
      {"max_abs_error", "output units", "max |Y_lut - Y_dequant| (Y_dequant: double reference)"},
      {"rel_rms_error", "1", "||Y_lut - Y_dequant||_2 / ||Y_dequant||_2"},
      {"max_acc_error", "activation units", "max |acc - sum_k x q| of the accumulator"},
      {"max_error_to_bound", "1",
       "max |acc - sum_k x q| / derived bound (<= 1 expected; nan: no finite bound)"},
      {"host_time", "ms", "host wall time of the LUT evaluation"},
  };
}

std::vector<ResultTable::Cell> accuracy_cells(const DatapathAccuracy& a) {
  const LutGemmConfig& d = a.datapath;
  return {std::string(to_string(d.activation)),
          std::int64_t{d.weight_bits},
          std::int64_t{d.geometry.k},
          std::string(to_string(d.geometry.table_form)),
          std::string(to_string(d.table_format)),
          std::string(to_string(d.accumulator)),
          a.outputs,
          a.lookups,
          a.nonfinite_outputs,
          a.max_abs_error,
          a.rel_rms_error,
          a.max_acc_error,
          a.max_error_to_bound,
          a.host_seconds * 1e3};
}

AccuracyStudy::AccuracyStudy(config::ConfigReader& root, StudyContext& /*context*/)
    : spec_(read_accuracy_study(root)) {}

std::string AccuracyStudy::plan() const {
  return std::to_string(spec_.datapaths.size()) + " datapaths (" +
         std::to_string(spec_.skipped_combinations) +
         " invalid combinations skipped), M=" + std::to_string(spec_.problem.m) +
         " N=" + std::to_string(spec_.problem.n) + " K=" + std::to_string(spec_.problem.k);
}

StudyResult AccuracyStudy::run(const StudyProgress& progress) const {
  ResultTable table(accuracy_columns());
  for (const auto& r :
       evaluate_datapaths(spec_.problem, spec_.datapaths, [&](std::size_t done, std::size_t total) {
         if (progress) progress(done, total, "output rows computed (M per datapath)");
       })) {
    table.add_row(accuracy_cells(r));
  }
  return {.tables = {{"accuracy", std::move(table)}}};
}

}  // namespace lutsim
