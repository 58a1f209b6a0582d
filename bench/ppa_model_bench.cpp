// Speed of the analytic PPA model (issue target: >= 100,000 design points per
// second on one core). Prices a sweep of design points of every kind with the
// committed NanGate45 component table. Run from the repository root:
//   build/bench/lutsim_ppa_model_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <vector>

#include "ppa/model/analytic_ppa.hpp"

namespace {

using namespace lutsim;
using namespace lutsim::ppa;

// K 2..6 x W_BIT 1..8 x {FP16, INT8} x {half, full} of LUT units, arrays of
// several shapes, ADD and MAC units, precompute blocks.
std::vector<DesignPoint> sweep() {
  std::vector<DesignPoint> points;
  for (const DataType a : {DataType::kFp16, DataType::kInt8}) {
    for (int k = 2; k <= 6; ++k) {
      for (int w = 1; w <= 8; ++w) {
        for (const bool symmetric : {true, false}) {
          DesignPoint d;
          d.geometry.k = k;
          d.weight_bits = w;
          d.activation = a;
          d.geometry.table_form = symmetric ? TableForm::kSymmetricHalf : TableForm::kUnsignedFull;
          for (const DesignKind kind : {DesignKind::kLutDotUnit, DesignKind::kLutDotUnitPrecompute,
                                        DesignKind::kAddDotUnit, DesignKind::kLutArray}) {
            d.kind = kind;
            d.geometry.m = kind == DesignKind::kLutArray ? 2 * w : 1;
            d.geometry.n = kind == DesignKind::kLutArray ? 64 : 1;
            points.push_back(d);
          }
        }
      }
      DesignPoint p;
      p.kind = DesignKind::kTablePrecompute;
      p.geometry.k = k;
      p.activation = a;
      points.push_back(p);
    }
    for (int k = 1; k <= 16; ++k) {
      DesignPoint m;
      m.kind = DesignKind::kMacDotUnit;
      m.geometry.k = k;
      m.activation = a;
      points.push_back(m);
      m.kind = DesignKind::kMacArray;
      m.geometry.m = 4;
      m.geometry.n = 16;
      points.push_back(m);
    }
  }
  return points;
}

void BM_AnalyticPpaDesignPoints(benchmark::State& state) {
  const ComponentTable table = load_component_table("configs/ppa/components_nangate45.yaml");
  const std::vector<DesignPoint> points = sweep();
  for (auto _ : state) {
    double sum = 0;
    for (const DesignPoint& d : points) sum += analytic_ppa(d, table, 500).total_w;
    benchmark::DoNotOptimize(sum);
  }
  // items/s = design points priced per second.
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(points.size()));
}
BENCHMARK(BM_AnalyticPpaDesignPoints)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
