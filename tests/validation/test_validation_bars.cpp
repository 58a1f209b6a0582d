// The accuracy bars of issues 5 and 14, kept in validation/bars.yaml, on every
// dataset of validation/datasets.yaml, recomputed from the committed data on
// every run: A100 sets at MAPE <= 6% (and <= 10% in every regime); our H100
// harness sets at <= 6% for FP16, BF16 and FP8 and <= 10% for INT8; fused
// attention (SDPA) sets at <= 10% per phase against the attention model;
// other H100/H200 sets at <= 8% predicted from the spec-sheet config without
// refitting. A miss names the dataset, its MAPE against the bar and its worst
// shapes; a bar marked open (not met yet, with the reason) is reported only.
#include <catch2/catch.hpp>
#include <filesystem>

#include "validation/accuracy_bars.hpp"
#include "validation/attention_error.hpp"
#include "validation/dataset_catalog.hpp"

using namespace lutsim;

namespace {

const DatasetCatalog& catalog() {
  static const DatasetCatalog c = load_dataset_catalog("validation/datasets.yaml");
  return c;
}

const AccuracyBars& bars() {
  static const AccuracyBars b = load_accuracy_bars("validation/bars.yaml");
  return b;
}

}  // namespace

TEST_CASE("every committed dataset is within its bar in validation/bars.yaml", "[validation]") {
  REQUIRE(!catalog().entries.empty());
  for (const DatasetEntry& entry : catalog().entries) {
    const AccuracyBar* bar = bars().find(entry.id);
    if (!bar) {
      FAIL_CHECK("dataset " << entry.id << " (" << entry.where << ") has no bar in "
                            << bars().file.string());
      continue;
    }
    const HardwareSpec hw = load_hardware(hardware_config_path(entry.hw, "configs"));
    std::string missed;
    ErrorSummary all;
    std::size_t points = 0;
    if (entry.format == DatasetFormat::kSdpa) {
      const AttentionDataset d = load_catalog_attention(entry);
      REQUIRE(!d.calls.empty());
      const AttentionDatasetError e = evaluate_attention_dataset(d, hw);
      missed = attention_bar_failure(*bar, d, e);
      all = e.group("all");
      points = d.calls.size();
    } else {
      const MeasuredDataset d = load_catalog_dataset(entry);
      REQUIRE(!d.gemms.empty());
      check_same_gpu(d, hw);
      const DatasetError e = evaluate_dataset(d, hw);
      missed = bar_failure(*bar, d, e);
      all = e.group("all");
      points = d.gemms.size();
    }
    INFO(entry.id << " on " << hw.name << ": MAPE " << 100 * all.mape << "% over " << all.count
                  << " points, bar " << 100 * bar->mape << "%");
    if (!bar->open.empty()) {
      INFO("the bar at " << bar->where << " is met now: remove its 'open'");
      CHECK(!missed.empty());
      WARN("open bar: " << missed << "  why: " << bar->open);
    } else if (!missed.empty()) {
      FAIL_CHECK(missed);
    }
    CHECK(all.count == static_cast<std::int64_t>(points));
  }
}

namespace {

// The bar the issues set for a declared dataset: {basis, MAPE}.
std::pair<std::string, double> issue_bar(const DatasetEntry& entry) {
  if (entry.format == DatasetFormat::kSdpa) return {"spec_sheet_no_refit", 0.10};  // issue 14
  if (entry.hw.starts_with("a100")) return {"calibrated", 0.06};  // issue 5
  if (entry.hw == "h100_sxm" && entry.path.string().find("/h100-sxm-") != std::string::npos) {
    const bool int8 = entry.types == std::vector<DataType>{DataType::kInt8};
    return {"calibrated", int8 ? 0.10 : 0.06};  // issue 14, per operand type
  }
  return {"spec_sheet_no_refit", 0.08};
}

}  // namespace

TEST_CASE("bars follow the issues: 6% A100 sets, 6% (INT8 10%) H100 harness sets, 10% "
          "attention sets, else 8%",
          "[validation]") {
  for (const AccuracyBar& b : bars().bars) {
    INFO(b.dataset << " at " << b.where);
    const DatasetEntry* entry = catalog().find_id(b.dataset);
    REQUIRE(entry != nullptr);  // no bar for a dataset that is not declared
    const auto [basis, mape] = issue_bar(*entry);
    CHECK(b.basis == basis);
    CHECK(b.mape <= mape);
  }
}

TEST_CASE("every CSV under validation/data is declared in validation/datasets.yaml",
          "[validation]") {
  for (const auto& f : std::filesystem::recursive_directory_iterator("validation/data")) {
    if (f.path().extension() != ".csv") continue;
    INFO(f.path().string() << ": add it to validation/datasets.yaml (hw config, timing) and "
                              "give it a bar in validation/bars.yaml");
    CHECK(!catalog().find_path(f.path()).empty());
  }
}

TEST_CASE("a missed bar names the dataset, its MAPE and the worst shapes", "[validation]") {
  const MeasuredDataset d = load_catalog_dataset(*catalog().find_id("bitblas_a100_sxm"));
  const DatasetError e =
      evaluate_dataset(d, load_hardware(hardware_config_path(d.gpu_config, "configs")));
  AccuracyBar strict{"bitblas_a100_sxm", 0.001, std::nullopt, "calibrated", "bars.yaml:9:5"};
  const std::string m = bar_failure(strict, d, e, 3);
  CHECK_THAT(m, Catch::StartsWith("dataset bitblas_a100_sxm (validation/data/bitblas/"
                                  "a100_gemv_gemm_latency_ms.csv, predicted with a100_sxm4_80gb) "
                                  "misses its bar at bars.yaml:9:5:\n  all: MAPE "));
  CHECK_THAT(m, Catch::Contains("> bar 0.10% (26 points)\n  worst 3 shapes:\n"));
  CHECK(std::count(m.begin(), m.end(), '\n') == 6);
  CHECK_THAT(m, Catch::Contains(" us, predicted ") && Catch::Contains(" M="));
  CHECK(bar_failure({"bitblas_a100_sxm", 0.5, 0.5, "calibrated", ""}, d, e).empty());
}
