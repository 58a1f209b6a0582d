// The design_point study: a 2x2 sweep (LUT array shape x weight bits) of one
// GEMM whose stored metrics equal the gemm study's time and the analytic PPA
// and energy functions called directly, the committed Llama-2-7B decode point
// against the model study, the combinations the models do not cover
// refused by their key, and `engine: systemc` against the sub-core timer and
// the systemc engine's forward pass called directly.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "core/config/config_files.hpp"
#include "core/io/git_revision.hpp"
#include "ppa/energy/run_energy.hpp"
#include "ppa/gpu/gpu_lut_ppa.hpp"
#include "sim/systemc/subcore/sub_core_gemm_timer.hpp"
#include "sim/tile/end_to_end.hpp"
#include "sim/tile/gemm_model.hpp"
#include "store/point_key.hpp"
#include "store/results_store.hpp"
#include "studies/engines/engine_comparison.hpp"
#include "studies/study_loader.hpp"
#include "studies/sweep/sweep_runner.hpp"
#include "tests/support/config_error_from.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;
using config::ConfigDocument;

namespace {

namespace fs = std::filesystem;

const std::string kLut = "hw.a100_lut_4x.lut_tensor_core";
const std::string kGemmPoint =
    "study: design_point\ngpu: a100_lut_4x\n"
    "gemm: {m: 16, n: 4096, k: 4096, weight_bits: 2, act_dtype: fp16}\n";

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("lutsim_test_design_point_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

SweepAxis axis(std::string key, std::string column, std::vector<std::string> values) {
  SweepAxis a;
  a.key = std::move(key);
  a.column = std::move(column);
  a.values = std::move(values);
  return a;
}

// The cell of `column` in the one row of a point's table.
double cell(const ResultTable& table, const std::string& column) {
  for (std::size_t i = 0; i < table.columns().size(); ++i) {
    if (table.columns()[i].name == column) {
      const auto& c = table.rows().at(0).at(i);
      return std::holds_alternative<double>(c) ? std::get<double>(c)
                                               : static_cast<double>(std::get<std::int64_t>(c));
    }
  }
  FAIL("no column " << column);
  return 0.0;
}

// A100-LUT-4X with an M x N x K array, as its config with the override gives it.
HardwareSpec lut_gpu(int m, int n, int k) {
  HardwareSpec gpu = load_hardware("configs/hw/a100_lut_4x.yaml");
  gpu.lut_tensor_core->geometry.m = m;
  gpu.lut_tensor_core->geometry.n = n;
  gpu.lut_tensor_core->geometry.k = k;
  return gpu;
}

// What lutsim gemm --kernel lut gives for the point: its time in us.
double gemm_study_time_us(const std::string& lut_value, int weight_bits) {
  const std::string yaml = "study: gemm\ngpu: a100_lut_4x\nm: 16\nn: 4096\nk: 4096\n"
                           "act_dtype: fp16\nkernel: lut\nweight_bits: " +
                           std::to_string(weight_bits) + "\n";
  LoadedStudy s = load_study(ConfigDocument::load_string(yaml, "gemm.yaml", "."),
                             {kLut + "=" + lut_value}, "configs");
  return cell(s.study->run({}).tables.at(0).table, "time");
}

std::string design_point_error(const std::string& yaml, const std::vector<std::string>& sets) {
  return test::config_error_from([&] {
           load_study(ConfigDocument::load_string(yaml, "point.yaml", "."), sets, "configs");
         })
      .what();
}

}  // namespace

TEST_CASE("a 2x2 design sweep stores what the tile model and the PPA functions give",
          "[studies]") {
  const fs::path dir = fresh_dir("sweep");
  std::ofstream(dir / "point.yaml") << kGemmPoint;
  const std::vector<std::string> shapes{"{array_m: 2, array_n: 64, array_k: 4}",
                                        "{array_m: 4, array_n: 64, array_k: 2}"};
  const SweepSpec sweep{"design_2x2",
                        dir / "point.yaml",
                        {axis(kLut, "lut_array", shapes), axis("gemm.weight_bits", "weight_bits", {"2", "4"})}};
  config::ConfigFiles files;
  const SweepSource source{sweep, "configs", files};
  auto store = store::ResultsStore::open_for_writing(dir / "sweep.sqlite", stored_axes(sweep));
  const SweepRun run = run_sweep(source, {}, store, 1, {});
  CHECK(run.counts.done == 4);
  const std::vector<PointKey>& points = run.points;
  REQUIRE(points.size() == 4);

  const auto table = ppa::load_component_table("configs/ppa/components_nangate45.yaml");
  const auto pricing = ppa::load_energy_pricing("configs/energy/nangate45_hbm2.yaml");
  const int mnk[2][3] = {{2, 64, 4}, {4, 64, 2}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const int shape = static_cast<int>(i / 2), bits = i % 2 == 0 ? 2 : 4;
    INFO("point " << i);
    const auto stored = store.get(points[i].key);
    REQUIRE(stored);
    const ResultTable& t = stored->tables.at(0).table;
    CHECK(stored->tables.at(0).stem == "design_point");

    const double time_us = gemm_study_time_us(shapes[shape], bits);
    CHECK(cell(t, "latency") == Approx(time_us * 1e-3).epsilon(1e-12));
    CHECK(cell(t, "throughput") == Approx(16 / (time_us * 1e-6)).epsilon(1e-12));
    CHECK(cell(t, "weight_bits") == bits);

    const HardwareSpec gpu = lut_gpu(mnk[shape][0], mnk[shape][1], mnk[shape][2]);
    const ppa::DesignPoint array = ppa::lut_array_design(gpu, bits, DataType::kFp16);
    const ppa::GpuLutPpa lut = ppa::gpu_lut_ppa(gpu, array, table);
    CHECK(cell(t, "lut_array_area") == lut.array.area_um2);
    CHECK(cell(t, "lut_arrays_per_sm") == 16);
    CHECK(cell(t, "lut_area_per_sm") == lut.area_per_sm_mm2);
    CHECK(cell(t, "lut_area_per_gpu") == lut.area_per_gpu_mm2);
    CHECK(cell(t, "lut_power_per_gpu") == lut.power_per_gpu_w);
    CHECK(cell(t, "sm_clock") == 1410.0);

    const GemmEstimate e = best_gemm(gpu, lut_kernel(gpu, bits, DataType::kFp16),
                                     GemmShape{16, 4096, 4096, 1, DataType::kFp16});
    const auto priced = ppa::price_run(
        ppa::with_lut_array(pricing, TableEntryFormat::kFp16, array), gpu, e.actions, e.time_s);
    REQUIRE(priced.priced());
    CHECK(cell(t, "energy_per_token") == Approx(priced.energy().total_j() / 16 * 1e3));
  }
  // M2N64K4 W2 fp16 half (hand-computed in tests/ppa/gpu/test_gpu_lut_ppa.cpp):
  // 133294.991 um^2 per array, 16 arrays per SM, 108 SMs.
  const auto first = store.get(points[0].key);
  CHECK(cell(first->tables[0].table, "lut_area_per_gpu") ==
        Approx(108 * 16 * 133294.991333e-6).epsilon(1e-9));
  fs::remove_all(dir);
}

TEST_CASE("a sweep point's key and stored config come from its resolved config's one JSON text",
          "[studies]") {
  const fs::path dir = fresh_dir("config_text");
  std::ofstream(dir / "point.yaml") << kGemmPoint;
  const SweepSpec sweep{"design_config_text",
                        dir / "point.yaml",
                        {axis("gemm.weight_bits", "weight_bits", {"2", "4"})}};
  config::ConfigFiles files;
  const SweepSource source{sweep, "configs", files};
  for (std::size_t i = 0; i < 2; ++i) {
    const PreparedPoint p = prepare_point(source, i);
    // The same point loaded whole and alone (no file or priced array shared
    // with the sweep's points), as a single run records it.
    const LoadedStudy whole =
        load_study(config::ConfigDocument::load_file(sweep.base), p.point.assignments, "configs");
    CHECK(p.key == store::point_key(whole.resolved, git_revision()));
    const store::StoredPoint stored = run_point(p);
    CHECK(stored.config.is_null());  // its text alone
    const nlohmann::json config = nlohmann::json::parse(stored.config_json);
    CHECK(config.contains("energy_pricing"));  // the study's record notes
    CHECK(config == recorded_config(whole, whole.study->run({})));
    CHECK(stored.config_json == config.dump());
  }
  fs::remove_all(dir);
}

TEST_CASE("a point that fails only beside another axis's value stops its chunk; earlier chunks "
          "are stored whole", "[studies]") {
  const fs::path dir = fresh_dir("chunks");
  std::ofstream(dir / "point.yaml") << kGemmPoint;
  // int8_quantized table entries are priced for integer activations only:
  // every axis value loads beside the first of the other axis (points 0, 1
  // and 2); the fourth point does not.
  const SweepSpec sweep{"design_chunks",
                        dir / "point.yaml",
                        {axis(kLut + ".table_format", "table_format", {"fp16", "int8_quantized"}),
                         axis("gemm.act_dtype", "act_dtype", {"int8", "fp16"})}};
  config::ConfigFiles files;
  const SweepSource source{sweep, "configs", files};
  CHECK_NOTHROW(check_axis_values(source, 1));
  const fs::path store_file = dir / "sweep.sqlite";
  {
    auto store = store::ResultsStore::open_for_writing(store_file, stored_axes(sweep));
    CHECK_THROWS_WITH(run_sweep(source, {}, store, 2, {}, 2),
                      Catch::Contains("int8_quantized") &&
                          Catch::Contains("(sweep point: " + kLut +
                                          ".table_format=int8_quantized, gemm.act_dtype=fp16)"));
  }
  auto store = store::ResultsStore::open_existing(store_file);
  // The first chunk (points 0 and 1) whole; of the second, nothing.
  CHECK(store.size() == 2);
  for (std::size_t i = 0; i < 3; ++i) CHECK(store.contains(prepare_point(source, i).key) == (i < 2));
  fs::remove_all(dir);
}

TEST_CASE("the committed Llama-2-7B decode design point is what the model study gives",
          "[studies]") {
  LoadedStudy point = load_study(
      ConfigDocument::load_file("configs/studies/design_point_llama2_7b_decode.yaml"), {},
      "configs");
  CHECK(point.kind == "design_point");
  const StudyResult r = point.study->run({});
  const ResultTable& t = r.tables.at(0).table;
  LoadedStudy model = load_study(
      ConfigDocument::load_string(
          "study: model\ngpu: a100_lut_4x\nmodel: Llama-2-7B\nmethod: lut\n"
          "workload: {phase: decode, batch: 16, kv_len: 1024, weight_bits: 2, act_dtype: fp16}\n",
          "model.yaml", "."),
      {}, "configs");
  const nlohmann::json totals = model.study->run({}).totals;
  CHECK(cell(t, "latency") == totals["forward_pass_ms"].get<double>());
  CHECK(cell(t, "throughput") ==
        Approx(16 / (totals["forward_pass_ms"].get<double>() * 1e-3)).epsilon(1e-12));
  // The energy config prices lookups by this very array (M2N64K4 W2 fp16).
  CHECK(cell(t, "energy_per_token") ==
        Approx(totals["energy_per_token_mJ"].get<double>()).epsilon(1e-12));
}

TEST_CASE("a design point the models do not cover is refused at its key", "[studies]") {
  const std::string gemm = "study: design_point\ngpu: a100_lut_4x\ngemm: {m: 16, n: 4096, "
                           "k: 4096, weight_bits: 2, act_dtype: ";
  CHECK_THAT(design_point_error(gemm + "bf16}\n", {}),
             Catch::Contains("gemm.act_dtype: the analytic PPA model has no LUT array design for "
                             "bf16 activations"));
  CHECK_THAT(design_point_error(gemm + "fp16}\n", {"gemm.weight_bits=16"}),
             Catch::Contains("gemm.weight_bits: the LUT array RTL runs 1 to 8 weight bit planes"));
  CHECK_THAT(
      design_point_error(gemm + "fp16}\n", {kLut + ".table_format=int8_quantized"}),
      Catch::Contains("gpu: a100_lut_4x.yaml -> a100_sxm4_80gb.yaml: "
                      "lut_tensor_core.table_format: the analytic PPA model has no component for "
                      "int8_quantized table entries"));
  CHECK_THAT(design_point_error(gemm + "fp16}\n", {"gpu=a100_sxm4_80gb"}),
             Catch::Contains("lut_tensor_core: A100-SXM4-80GB has no LUT tensor cores"));
  CHECK_THAT(design_point_error("study: design_point\ngpu: a100_lut_4x\n", {}),
             Catch::Contains("give exactly one workload"));
}

TEST_CASE("engine: systemc adds the GEMM's latency with the sub-core's compute term", "[studies]") {
  LoadedStudy point =
      load_study(ConfigDocument::load_string(kGemmPoint + "engine: systemc\n", "point.yaml", "."),
                 {}, "configs");
  const ResultTable t = point.study->run({}).tables.at(0).table;
  // The same GEMM through the sub-core timer directly.
  const HardwareSpec gpu = load_hardware("configs/hw/a100_lut_4x.yaml");
  const GemmKernel kernel = lut_kernel(gpu, 2, DataType::kFp16);
  const GemmShape shape{16, 4096, 4096, 1, DataType::kFp16};
  const GemmEstimate e = best_gemm(gpu, kernel, shape);
  systemc::SubCoreGemmTimer timer(gpu);
  const double compute_s = timer.figure(kernel, shape, 2, DataType::kFp16, e).compute_s;
  CHECK(cell(t, "latency") == e.time_s * 1e3);
  CHECK(cell(t, "systemc_latency") == with_compute_time(gpu, e, compute_s).time_s * 1e3);
  CHECK(cell(t, "systemc_latency") != cell(t, "latency"));  // the sub-core's compute term
  CHECK(cell(t, "gemms_simulated") == 1);
  // The tile engine (the default) adds neither column.
  LoadedStudy tile =
      load_study(ConfigDocument::load_string(kGemmPoint, "point.yaml", "."), {}, "configs");
  CHECK(tile.study->run({}).tables.at(0).table.columns().size() == t.columns().size() - 2);
}

TEST_CASE("engine: systemc on a model is the forward pass the systemc engine gives", "[studies]") {
  LoadedStudy point =
      load_study(ConfigDocument::load_file("configs/studies/design_point_llama2_7b_decode.yaml"),
                 {"engine=systemc"}, "configs");
  const ResultTable t = point.study->run({}).tables.at(0).table;
  const HardwareSpec gpu = load_hardware("configs/hw/a100_lut_4x.yaml");
  TraceRequest r;
  r.phase = Phase::kDecode;
  r.batch = 16;
  r.kv_len = 1024;
  r.weight_bits = 2;
  r.act_dtype = DataType::kFp16;
  const GemmTrace trace = make_trace(ModelCatalog("configs").load("Llama-2-7B"), r);
  SystemSpec sys{gpu.name, gpu, LinearMethod::kLut};
  const EndToEndResult tile = simulate_forward(trace, sys);
  const EngineComparison c = compare_engines(trace, sys, tile);
  CHECK(cell(t, "latency") == tile.total_s * 1e3);
  CHECK(cell(t, "systemc_latency") == c.systemc_total_s * 1e3);
  CHECK(cell(t, "gemms_simulated") == static_cast<double>(c.distinct_gemms_simulated));
  CHECK(c.distinct_gemms_simulated > 0);
}

TEST_CASE("engine: systemc on a GPU without a sub-core is refused at the key", "[studies]") {
  CHECK_THAT(design_point_error(kGemmPoint + "engine: systemc\n", {"hw.a100_lut_4x.sub_core=~"}),
             Catch::Contains("engine: a100_lut_4x.yaml -> a100_sxm4_80gb.yaml: no sub_core "
                             "section, so no cycle-level sub-core to run the systemc engine on"));
  CHECK_THAT(design_point_error(kGemmPoint + "engine: rtl\n", {}), Catch::Contains("engine"));
}
