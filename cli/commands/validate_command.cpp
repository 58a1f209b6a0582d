#include <iostream>
#include <memory>
#include <string>

#include "cli/commands/commands.hpp"
#include "cli/config_loading.hpp"
#include "cli/text_table.hpp"
#include "core/specs/hardware_spec.hpp"
#include "sim/tile/gemm_model.hpp"
#include "validation/model_error.hpp"

namespace lutsim::cli {
namespace {

struct ValidateOptions {
  std::string data_dir = "validation/data";
  std::string hw_dir = "configs/hw";
  std::string out_dir = "results/validation";
};

void add_points(ResultTable& points, const MeasuredDataset& d, const HardwareSpec& hw) {
  for (const MeasuredGemm& m : d.gemms) {
    const GemmEstimate e = best_dense_gemm(hw, m.shape);
    const double predicted = predict_measured(hw, m);
    points.add_row({d.name, m.label, m.shape.m, m.shape.n, m.shape.k, m.measured_s * 1e6,
                    predicted * 1e6, 100.0 * (predicted - m.measured_s) / m.measured_s,
                    std::string(to_string(e.bound)),
                    std::to_string(e.tiling.tile.bm) + "x" + std::to_string(e.tiling.tile.bn),
                    std::int64_t{e.tiling.split_k}, e.waves});
  }
}

void run_validate(const ValidateOptions& o) {
  const MeasuredDataset datasets[] = {
      load_vidur_dataset(o.data_dir + "/vidur/vidur_linear_gemm_fp16.csv"),
      load_bitblas_dataset(o.data_dir + "/bitblas/a100_gemv_gemm_latency_ms.csv")};
  ResultTable summary(
      {{"dataset", "", "measurement set"},
       {"gpu", "", "hardware config it was measured on"},
       {"regime", "", "all, gemv (M<=16), small_m (M<=512), large_m, memory/compute-bound"},
       {"points", "1", "measurements"},
       {"mape", "%", "mean absolute percentage error"},
       {"mean_error", "%", "mean signed error (positive: model slower)"},
       {"max_abs_error", "%", "largest absolute error"}});
  ResultTable points({{"dataset", "", ""},
                      {"label", "", "model, TP and layer, or shape id"},
                      {"m", "1", ""},
                      {"n", "1", ""},
                      {"k", "1", ""},
                      {"measured", "us", "measured time"},
                      {"predicted", "us", "model time"},
                      {"error", "%", "(predicted - measured) / measured"},
                      {"bound", "", "what limits the chosen tiling"},
                      {"tile", "", "threadblock tile BMxBN"},
                      {"split_k", "1", ""},
                      {"waves", "1", "rounds of threadblocks over the SMs"}});
  nlohmann::json configs = nlohmann::json::object();
  for (const MeasuredDataset& d : datasets) {
    nlohmann::json resolved;
    const HardwareSpec hw = load_hardware(o.hw_dir + "/" + d.gpu_config + ".yaml", &resolved);
    configs[d.gpu_config] = resolved;
    std::cerr << "validate: " << d.name << " (" << d.gemms.size() << " GEMMs) on " << hw.name
              << "\n";
    for (const ErrorSummary& g : evaluate_dataset(d, hw).groups) {
      summary.add_row(
          {d.name, hw.name, g.group, g.count, 100 * g.mape, 100 * g.mean_signed, 100 * g.max_abs});
    }
    add_points(points, d, hw);
  }
  const RunRecord record = make_run_record("validate", {{"hw", configs}, {"data_dir", o.data_dir}});
  const auto files = write_result_files(o.out_dir, "summary", summary, record);
  const auto point_files = write_result_files(o.out_dir, "points", points, record);
  std::cout << format_text_table(summary) << "\nwrote " << files.csv.string() << " and "
            << point_files.csv.string() << " (with .json)\n";
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto opts = std::make_shared<ValidateOptions>();
  CLI::App* cmd =
      app.add_subcommand("validate", "Compare the tile model with measured GPU GEMM times");
  cmd->footer(
      "Predicts every committed measurement (validation/data: vidur and BitBLAS A100 cuBLAS FP16) "
      "with the hardware config it was measured on and reports the mean absolute percentage error "
      "per dataset and regime. Writes summary.{csv,json} and points.{csv,json}.");
  cmd->add_option("--data-dir", opts->data_dir, "measurement folder")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--hw-dir", opts->hw_dir, "hardware config folder")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("-o,--out", opts->out_dir, "output directory");
  cmd->callback([opts] { run_validate(*opts); });
}

}  // namespace lutsim::cli
