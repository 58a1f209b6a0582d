// lutsim_calibrate: fits the tile model's shared calibration factors to the
// committed A100 measurements by grid search, and prints the best set with
// the errors it gives (on all of each dataset, after fitting on every
// stride-th vidur row). Run from the repository root:
//   build/validation/lutsim_calibrate [--stride N]
// It changes no file; copy the printed factors into configs/hw/.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/specs/hardware_spec.hpp"
#include "validation/dataset_catalog.hpp"
#include "validation/model_error.hpp"

namespace {

using lutsim::CalibrationSpec;
using lutsim::HardwareSpec;
using lutsim::MeasuredDataset;

HardwareSpec load_hw(const std::string& name) {
  return lutsim::load_hardware(lutsim::hardware_config_path(name, "configs"));
}

MeasuredDataset load_dataset(const lutsim::DatasetCatalog& catalog, const std::string& id) {
  const lutsim::DatasetEntry* e = catalog.find_id(id);
  if (!e) throw std::runtime_error(catalog.file.string() + ": no dataset '" + id + "'");
  return lutsim::load_catalog_dataset(*e);
}

MeasuredDataset every_nth(MeasuredDataset d, std::size_t stride) {
  std::vector<lutsim::MeasuredGemm> kept;
  for (std::size_t i = 0; i < d.gemms.size(); i += stride) kept.push_back(d.gemms[i]);
  d.gemms = std::move(kept);
  return d;
}

// Score against the bars: <= 6% per dataset, <= 10% per regime.
double score(const std::vector<lutsim::DatasetError>& errors) {
  double worst = 0.0;
  for (const auto& e : errors) {
    for (const auto& g : e.groups)
      worst = std::max(worst, g.mape / (g.group == "all" ? 0.06 : 0.10));
  }
  return worst;
}

struct Fit {
  HardwareSpec sxm;
  HardwareSpec pcie;
};

void apply(Fit& f, const CalibrationSpec& c, double launch) {
  for (HardwareSpec* h : {&f.sxm, &f.pcie}) {
    const double tensor = h->calibration.tensor_efficiency;
    h->calibration = c;
    h->calibration.tensor_efficiency = tensor;
    h->kernel_launch_overhead_s = launch;
  }
}

std::vector<lutsim::DatasetError> evaluate(const Fit& f, const MeasuredDataset& vidur,
                                           const MeasuredDataset& bitblas) {
  return {lutsim::evaluate_dataset(vidur, f.pcie), lutsim::evaluate_dataset(bitblas, f.sxm)};
}

void print(const std::vector<lutsim::DatasetError>& errors) {
  for (const auto& e : errors) {
    std::printf("%s on %s\n", e.dataset.c_str(), e.gpu.c_str());
    for (const auto& g : e.groups) {
      std::printf("  %-14s n=%6lld  MAPE %5.2f %%  mean %+6.2f %%  max %6.1f %%\n", g.group.c_str(),
                  static_cast<long long>(g.count), 100 * g.mape, 100 * g.mean_signed,
                  100 * g.max_abs);
    }
  }
}

}  // namespace

int run(int argc, char** argv) {
  std::size_t stride = 8;
  if (argc == 3 && std::strcmp(argv[1], "--stride") == 0) stride = std::stoul(argv[2]);
  const auto catalog = lutsim::load_dataset_catalog("validation/datasets.yaml");
  const auto vidur_all = load_dataset(catalog, "vidur_a100_pcie");
  const auto bitblas = load_dataset(catalog, "bitblas_a100_sxm");
  Fit fit{load_hw(bitblas.gpu_config), load_hw(vidur_all.gpu_config)};
  const auto vidur = every_nth(vidur_all, stride);

  // Coordinate descent: each factor in turn takes the candidate value that
  // scores best with the others held, until a round changes nothing.
  struct Factor {
    const char* name;
    double* value;
    std::vector<double> candidates;
  };
  CalibrationSpec c = fit.sxm.calibration;
  double launch = fit.sxm.kernel_launch_overhead_s;
  double tensor_sxm = fit.sxm.calibration.tensor_efficiency;
  double tensor_pcie = fit.pcie.calibration.tensor_efficiency;
  std::vector<Factor> factors{
      {"tensor_efficiency (SXM)", &tensor_sxm, {0.81, 0.84, 0.87, 0.90, 0.93}},
      {"tensor_efficiency (PCIe)", &tensor_pcie, {0.72, 0.75, 0.78, 0.81, 0.84}},
      {"dram_efficiency", &c.dram_efficiency, {0.69, 0.72, 0.75, 0.78, 0.81, 0.84}},
      {"l2_efficiency", &c.l2_efficiency, {0.5, 0.6, 0.7, 0.8, 0.9}},
      {"mem_compute_overlap", &c.mem_compute_overlap, {0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0}},
      {"kernel_fixed_time_s", &c.kernel_fixed_time_s, {1e-6, 2e-6, 3e-6, 4e-6, 5e-6}},
      {"cta_latency_s", &c.cta_latency_s, {0.0, 0.5e-6, 1e-6, 1.5e-6, 2e-6, 3e-6}},
      {"max_dram_bw_per_sm_bytes_per_s",
       &c.max_dram_bw_per_sm_bytes_per_s,
       {10e9, 15e9, 20e9, 30e9, 40e9, 60e9, 80e9}},
      {"splitk_reduce_time_s", &c.splitk_reduce_time_s, {0.0, 1e-6, 2e-6, 3e-6, 4e-6}},
      {"launch_overhead_s", &launch, {1e-6, 2e-6, 3e-6, 4e-6, 5e-6, 6e-6}},
  };
  auto current_score = [&] {
    apply(fit, c, launch);
    fit.sxm.calibration.tensor_efficiency = tensor_sxm;
    fit.pcie.calibration.tensor_efficiency = tensor_pcie;
    return score(evaluate(fit, vidur, bitblas));
  };
  double best_score = current_score();
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (Factor& f : factors) {
      const double kept = *f.value;
      double best_value = kept;
      for (double v : f.candidates) {
        *f.value = v;
        const double s = current_score();
        if (s < best_score - 1e-9) {
          best_score = s;
          best_value = v;
        }
      }
      *f.value = best_value;
      changed = changed || best_value != kept;
      std::fprintf(stderr, "round %d %-32s %.3g  score %.4f\n", round, f.name, best_value,
                   best_score);
    }
    if (!changed) break;
  }
  std::printf("best: tensor_efficiency SXM %.2f PCIe %.2f\n", tensor_sxm, tensor_pcie);
  std::printf(
      "best: dram_efficiency %.2f l2_efficiency %.2f mem_compute_overlap %.2f "
      "kernel_fixed_time_s %.1e cta_latency_s %.1e max_dram_bw_per_sm %.1e launch %.1e "
      "splitk_reduce_time_s %.1e\n",
      c.dram_efficiency, c.l2_efficiency, c.mem_compute_overlap, c.kernel_fixed_time_s,
      c.cta_latency_s, c.max_dram_bw_per_sm_bytes_per_s, launch, c.splitk_reduce_time_s);
  current_score();
  print(evaluate(fit, vidur_all, bitblas));
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lutsim_calibrate: error: %s\n", e.what());
    return 1;
  }
}
