// Issue 13's functional check, end to end: a one-linear graph through the
// default passes, lowered under the tile model's tiling, every warp tile of
// the GEMM run on the cycle-level sub-core with random operands, and the
// accumulators held bit for bit to core's golden LUT GEMM (lut_mpgemm with
// the original unsigned codes: the reinterpretation must not change a bit)
// and, for integer-valued operands, the outputs to dequantize-then-GEMM.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <tuple>

#include "compiler/lowering/lower_gemm.hpp"
#include "compiler/lowering/lowering_report.hpp"
#include "compiler/passes/pass_manager.hpp"
#include "compiler/program/operand_layout.hpp"
#include "compiler/program/program_parser.hpp"
#include "compiler/program/program_printer.hpp"
#include "core/lut/dequant_gemm.hpp"
#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"
#include "sim/systemc/subcore/sub_core.hpp"
#include "sim/systemc/subcore/warp_operands.hpp"
#include "sim/tile/tile_model_tiler.hpp"

namespace lutsim::compiler {
namespace {

using ir::NodeKind;

HardwareSpec a100_lut() {
  return load_hardware("configs/hw/a100_lut_4x.yaml");
}

// x {M, K} -> [norm ->] lin (N, K, `bits`-bit weights, `act` activations):
// with the norm, fuse_precompute fuses the precompute into it (tables from
// shared memory); without, the precompute stays a node of its own (lutpre).
ir::Graph one_linear(const ir::GemmDims& d, int bits, DataType act, bool norm) {
  ir::Graph g;
  const auto node = [](std::string name, NodeKind kind, std::vector<std::int64_t> shape) {
    ir::Node n;
    n.name = std::move(name);
    n.kind = kind;
    n.shape = std::move(shape);
    return n;
  };
  ir::NodeId in = g.add_node(node("x", NodeKind::kInput, {d.m, d.k}), {}, {{d.m, d.k}});
  if (norm) in = g.add_node(node("norm", NodeKind::kNorm, {d.m, d.k}), {in}, {{d.m, d.k}});
  ir::Node lin = node("lin", NodeKind::kLinear, {d.m, d.n});
  lin.gemm = d;
  lin.weight_bits = bits;
  lin.act_dtype = act;
  g.mark_output(g.add_node(lin, {in}, {{d.m, d.n}}));
  return g;
}

// A small random GEMM of seed `seed`: M in [1, 24], N a multiple of 8 in
// [8, 320], K a multiple of 4 in [16, 128].
ir::GemmDims random_dims(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto draw = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  return {draw(1, 24), 8 * draw(1, 40), 4 * draw(4, 32), 1};
}

// Integer activations in [-8, 8] (exact in FP16, e4m3, e5m2 and INT8) and
// unit weight scales: every sum is exact, so the LUT path's outputs equal
// dequantize-then-GEMM's.
void make_integer_valued(MpGemmProblem& p, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> value(-8, 8);
  for (Eigen::Index i = 0; i < p.x.size(); ++i) p.x.data()[i] = value(rng);
  std::fill(p.w.scale.begin(), p.w.scale.end(), 1.0);
}

// Rows [r0, r0 + rows) and columns [c0, c0 + cols) of `m`, zero beyond its edges.
Matrix block(const Matrix& m, Eigen::Index r0, Eigen::Index c0, Eigen::Index rows,
             Eigen::Index cols) {
  Matrix out = Matrix::Zero(rows, cols);
  const Eigen::Index r = std::min(rows, m.rows() - r0), c = std::min(cols, m.cols() - c0);
  if (r > 0 && c > 0) out.topLeftCorner(r, c) = m.block(r0, c0, r, c);
  return out;
}

// Codes and channels of W[n0 .., k0 ..] as a warp tile reads them: codes 0
// and unit channels beyond the GEMM's edges (zero activations meet them).
QuantizedWeights weight_block(const QuantizedWeights& w, int n0, int k0, int rows, int cols) {
  QuantizedWeights out{rows,
                       cols,
                       w.bits,
                       std::vector<std::uint8_t>(static_cast<std::size_t>(rows) * cols, 0),
                       std::vector<double>(rows, 1.0),
                       std::vector<double>(rows, 0.0)};
  for (int n = 0; n < rows && n0 + n < w.rows; ++n) {
    out.scale[n] = w.scale[n0 + n];
    out.zero_point[n] = w.zero_point[n0 + n];
    for (int k = 0; k < cols && k0 + k < w.cols; ++k) {
      out.codes[static_cast<std::size_t>(n) * cols + k] = w.code(n0 + n, k0 + k);
    }
  }
  return out;
}

// The tile model's tiler, allowed only tilings of one table residency (the
// lowering takes whichever is fastest; a test of register residency needs
// GEMMs tiled with it).
class ResidencyTiler : public Tiler {
 public:
  ResidencyTiler(const HardwareSpec& hw, TableResidency r) : tiler_(hw), residency_(r) {}
  TileChoice choose(const TileQuery& query) const override {
    TileQuery q = query;
    q.residency = residency_;
    return tiler_.choose(q);
  }

 private:
  TileModelTiler tiler_;
  TableResidency residency_;
};

struct Case {
  DataType act;
  int bits;
  std::uint64_t seed;
  bool fused;
  TableResidency residency = TableResidency::kSharedMemory;
};

bool registers(const Case& c) {
  return c.residency == TableResidency::kRegisters;
}

// Register residency sweeps at least two N tiles of a CTA: N a multiple of
// 64 in [128, 320].
ir::GemmDims case_dims(const Case& c) {
  ir::GemmDims d = random_dims(c.seed * 100 + c.bits * 10 + static_cast<int>(c.act));
  if (registers(c)) d.n = 64 * (2 + static_cast<std::int64_t>(d.n) % 4);
  return d;
}

std::string describe(const Case& c, const ir::GemmDims& d) {
  return std::string(to_string(c.act)) + " w" + std::to_string(c.bits) + " seed " +
         std::to_string(c.seed) + (c.fused ? " fused" : " lutpre") +
         (registers(c) ? " tables in registers" : "") + " GEMM " + std::to_string(d.m) + "x" +
         std::to_string(d.n) + "x" + std::to_string(d.k);
}

// Runs every warp tile of the lowered GEMM on the sub-core and compares.
// Returns the warp tiles run.
int check_case(const HardwareSpec& hw, const Case& c) {
  const ir::GemmDims d = case_dims(c);
  INFO(describe(c, d));
  ir::Graph g = one_linear(d, c.bits, c.act, c.fused);
  run_passes(g, kDefaultPasses, pass_context(hw));
  const LoweredGemm l = lower_lut_linear(g, *g.find("lin"), hw, ResidencyTiler(hw, c.residency));
  REQUIRE(l.kernel.tables == (c.fused ? TableSource::kSharedMemory : TableSource::kLutpre));
  REQUIRE(l.kernel.table_writer == (c.fused ? "norm" : "x.precompute"));
  const WarpTileSpec& s = l.warp.spec;
  INFO(tiling_text(l.kernel.tiling));
  REQUIRE(s.residency == c.residency);
  REQUIRE(l.warp.layout.resident_steps == s.k_steps);
  if (registers(c)) {
    REQUIRE(s.n_sweep >= 2);
    REQUIRE(l.warp.layout.resident_sweeps == s.n_sweep);
  }
  REQUIRE(lmma::parse_program(lmma::print_program(l.warp.program), "lin.lmma") == l.warp.program);
  // The lowering's registers are the ones the tiling search counted.
  const int warps = (l.kernel.tiling.cta_m / s.warp_m) * (l.kernel.tiling.cta_n / s.warp_n);
  CHECK(static_cast<std::int64_t>(l.warp.layout.registers()) * lmma::kWarpRegisterBytes * warps ==
        l.kernel.tiling.register_bytes_per_cta);
  const int columns = s.warp_n * s.n_sweep;  // a warp's output columns
  MpGemmProblem p = make_random_problem({.m = static_cast<int>(d.m),
                                         .n = static_cast<int>(d.n),
                                         .k = static_cast<int>(d.k),
                                         .activation = c.act,
                                         .weight_bits = c.bits,
                                         .seed = c.seed});
  // Integer sums stay exact only in FP16 or integer tables.
  const bool integer_valued =
      c.seed == 1 && s.datapath.table_format != TableEntryFormat::kInt8Quantized;
  if (integer_valued) make_integer_valued(p, c.seed);
  const std::int64_t slice = s.k_steps * s.k_step;
  const systemc::SubCoreConfig config = systemc::sub_core_config(hw);
  int tiles = 0;
  for (std::int64_t k0 = 0; k0 < d.k; k0 += slice) {
    for (std::int64_t m0 = 0; m0 < d.m; m0 += s.warp_m) {
      for (std::int64_t n0 = 0; n0 < d.n; n0 += columns) {
        const Matrix x = block(p.x, m0, k0, s.warp_m, slice);
        const QuantizedWeights w = weight_block(p.w, static_cast<int>(n0), static_cast<int>(k0),
                                                columns, static_cast<int>(slice));
        systemc::SubCore core(config, l.warp.program);
        systemc::write_warp_operands(l.warp, x, w, core.shared_memory());
        core.run();
        const Matrix got =
            systemc::read_warp_accumulators(l.warp, core.registers(), core.shared_memory());
        INFO("warp tile at row " << m0 << ", column " << n0 << ", K " << k0);
        REQUIRE(got == lut_mpgemm(x, w, s.datapath).accumulators);
        if (integer_valued) {
          REQUIRE(lut_outputs(got, activation_row_sums(x), w, s.datapath.geometry.table_form) ==
                  dequant_gemm(x, w));
        }
        ++tiles;
      }
    }
  }
  return tiles;
}

}  // namespace

// One case per activation type and weight width (seed 1, the integer-valued
// check included): what the sanitizer build runs (the sweep below is tagged
// [exhaustive], which it leaves out).
TEST_CASE("lowering end to end: one warp program per activation type and weight width, bit-exact",
          "[compiler][lowering]") {
  const HardwareSpec hw = a100_lut();
  int tiles = 0;
  for (const DataType act :
       {DataType::kFp16, DataType::kFp8E4M3, DataType::kFp8E5M2, DataType::kInt8}) {
    for (int bits = 1; bits <= 4; ++bits) tiles += check_case(hw, {act, bits, 1, bits % 2 == 1});
  }
  CHECK(tiles >= 4 * 4);
}

// Tables held in registers over an N sweep: the tables of the warp's K slice
// loaded (fused) or built by lutpre once, every sweep tile's accumulators
// loaded from shared memory and stored back.
TEST_CASE("lowering end to end: tables held in registers over an N sweep, bit-exact",
          "[compiler][lowering]") {
  const HardwareSpec hw = a100_lut();
  int tiles = 0;
  for (const DataType act :
       {DataType::kFp16, DataType::kFp8E4M3, DataType::kFp8E5M2, DataType::kInt8}) {
    for (int bits = 1; bits <= 4; ++bits) {
      for (const bool fused : {true, false}) {
        tiles += check_case(hw, {act, bits, 1, fused, TableResidency::kRegisters});
      }
    }
  }
  CHECK(tiles >= 4 * 4 * 2);
}

TEST_CASE("lowering end to end: the sub-core runs the compiler's warp programs bit-exact",
          "[compiler][lowering][exhaustive]") {
  const HardwareSpec hw = a100_lut();
  HardwareSpec q8 = hw;
  q8.lut_tensor_core->table_format = TableEntryFormat::kInt8Quantized;
  int tiles = 0;
  for (const DataType act :
       {DataType::kFp16, DataType::kFp8E4M3, DataType::kFp8E5M2, DataType::kInt8}) {
    for (int bits = 1; bits <= 4; ++bits) {
      for (const std::uint64_t seed : {1, 2, 3}) {
        for (const bool fused : {true, false}) {
          tiles += check_case(hw, {act, bits, seed, fused});
          tiles += check_case(hw, {act, bits, seed + 10, fused, TableResidency::kRegisters});
        }
      }
      // LUT tensor cores of INT8 table entries, one FP16 scale per table
      // (INT8 activations keep their exact integer tables).
      tiles += check_case(q8, {act, bits, 4, bits % 2 == 0});
    }
  }
  CHECK(tiles >= 4 * 4 * (3 * 2 * 2 + 1));
}

TEST_CASE("lowering: what the LUT path cannot run is refused by name", "[compiler][lowering]") {
  const HardwareSpec hw = a100_lut();
  const ir::GemmDims d{4, 64, 64, 1};
  // BF16 activations have no LUT datapath: the split refuses the linear.
  ir::Graph bf16 = one_linear(d, 2, DataType::kBf16, true);
  CHECK_THROWS_WITH(run_passes(bf16, kDefaultPasses, pass_context(hw)),
                    Catch::Contains("activations bf16 are not a LUT activation type"));
  // ... and the lowering's tiler has no LUT kernel for them.
  CHECK_THROWS_WITH(TileModelTiler(hw).choose({"lin", d, 2, DataType::kBf16}),
                    Catch::Contains("bf16"));
  // A linear the split has not turned into a lut_linear is not lowered.
  ir::Graph unsplit = one_linear(d, 2, DataType::kFp16, true);
  CHECK_THROWS_WITH(lower_lut_linear(unsplit, *unsplit.find("lin"), hw, TileModelTiler(hw)),
                    Catch::Contains("'lin': a linear node, not a lut_linear"));
  // A GPU without LUT tensor cores has no LUT datapath to lower to.
  ir::Graph fp16 = one_linear(d, 2, DataType::kFp16, true);
  run_passes(fp16, kDefaultPasses, pass_context(hw));
  const HardwareSpec mac_only = load_hardware("configs/hw/a100_sxm4_80gb.yaml");
  CHECK_THROWS_WITH(lower_lut_linear(fp16, *fp16.find("lin"), mac_only, TileModelTiler(mac_only)),
                    Catch::Contains("has no LUT tensor cores"));
  // INT8 table entries (quantize_tables) on LUT tensor cores of FP16 entries.
  ir::Graph q8 = one_linear(d, 2, DataType::kFp16, true);
  run_passes(q8, {"reinterpret_weights", "split_precompute", "fuse_precompute", "quantize_tables"},
             pass_context(hw));
  CHECK_THROWS_WITH(lower_lut_linear(q8, *q8.find("lin"), hw, TileModelTiler(hw)),
                    Catch::Contains("'lin': tables of int8_quantized entries: the LUT tensor "
                                    "cores of A100-LUT-4X look up fp16 entries"));
  // A tiling whose registers are not the ones the lowering allocates (here
  // tables in registers over an N sweep the search did not count) is refused.
  const LutGemm gemm = lut_gemm_of(fp16, *fp16.find("lin"), hw);
  TileChoice tile = TileModelTiler(hw).choose({"lin", d, 2, DataType::kFp16});
  REQUIRE(tile.residency == TableResidency::kSharedMemory);
  CHECK_NOTHROW(lower_lut_gemm(gemm, tile, lowering_target(hw)));
  tile.residency = TableResidency::kRegisters;
  tile.n_sweep = 2;
  CHECK_THROWS_WITH(lower_lut_gemm(gemm, tile, lowering_target(hw)),
                    Catch::Contains("'lin': the warp programs of a CTA use ") &&
                        Catch::Contains("register bytes, the tiling counted " +
                                        std::to_string(tile.register_bytes_per_cta)));
  // An N sweep needs tables held in registers.
  tile.residency = TableResidency::kSharedMemory;
  CHECK_THROWS_WITH(lower_lut_gemm(gemm, tile, lowering_target(hw)),
                    Catch::Contains("an N sweep of 2 tiles needs tables held in registers"));
}

}  // namespace lutsim::compiler

namespace lutsim::compiler {

// lower_graph: each lut_linear lowered (fused or lutpre), or refused with the
// reason while the others are still lowered; the program text parses back.
TEST_CASE("lower_graph: every lut_linear, lowered or refused with the reason",
          "[compiler][lowering]") {
  const HardwareSpec hw = a100_lut();
  const auto graph = [] {
    ir::Graph g = one_linear({8, 256, 128, 1}, 2, DataType::kFp16, true);
    ir::Node o;
    o.name = "o";
    o.kind = NodeKind::kLinear;
    o.shape = {8, 128};
    o.gemm = {8, 128, 128, 1};
    o.weight_bits = 3;
    g.mark_output(g.add_node(o, {*g.find("x")}, {{8, 128}}));
    return g;
  };
  ir::Graph g = graph();
  run_passes(g, kDefaultPasses, pass_context(hw));
  const std::vector<GemmLowering> all = lower_graph(g, hw, TileModelTiler(hw));
  REQUIRE(all.size() == 2);
  CHECK(all[0].gemm == "lin");
  CHECK(all[1].gemm == "o");
  REQUIRE(all[0].lowered);
  REQUIRE(all[1].lowered);
  CHECK(all[0].lowered->kernel.precompute_fused);
  CHECK_FALSE(all[1].lowered->kernel.precompute_fused);
  CHECK(all[1].lowered->kernel.table_writer == "x.precompute");
  const nlohmann::json j = to_json(all[1]);
  CHECK(j["lowered"] == true);
  CHECK(j["tables"] == "lutpre");
  CHECK(j["datapath"]["weight_bits"] == 3);
  CHECK(j["grid"]["n"] ==
        (128 + all[1].lowered->kernel.tiling.cta_n - 1) / all[1].lowered->kernel.tiling.cta_n);
  const std::string text = program_text(*all[1].lowered);
  CHECK(text.rfind("# o: 8 x 128 x 128, 3-bit weights, fp16 activations\n", 0) == 0);
  CHECK(lmma::parse_program(text, "o.lmma") == all[1].lowered->warp.program);
  CHECK_THAT(summary_line(all[0]),
             Catch::StartsWith("lowered lin: CTA ") &&
                 Catch::Contains("tables from shared memory (precompute fused into 'norm')"));
  // INT8 entries on FP16-entry hardware: both refused, each with the reason.
  ir::Graph q8 = graph();
  run_passes(q8, {"reinterpret_weights", "split_precompute", "fuse_precompute", "quantize_tables"},
             pass_context(hw));
  const std::vector<GemmLowering> refused = lower_graph(q8, hw, TileModelTiler(hw));
  REQUIRE(refused.size() == 2);
  for (const GemmLowering& l : refused) {
    CHECK_FALSE(l.lowered);
    CHECK_THAT(l.refused, Catch::Contains("tables of int8_quantized entries"));
    CHECK(to_json(l) ==
          nlohmann::json{{"gemm", l.gemm}, {"lowered", false}, {"reason", l.refused}});
  }
  CHECK(summary_line(refused[1]) == "not lowered o: " + refused[1].refused);
}

}  // namespace lutsim::compiler
