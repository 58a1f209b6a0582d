#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "compiler/program/program_parser.hpp"
#include "core/lut/lut_mpgemm.hpp"
#include "core/lut/random_problem.hpp"
#include "core/numerics/fp16.hpp"
#include "sim/systemc/subcore/instruction_semantics.hpp"
#include "sim/systemc/subcore/sub_core.hpp"

namespace lutsim::systemc {
namespace {

// A sub-core with round numbers: 2 banks of 64 bits (2 registers per bank
// per cycle), issue width 1, one M2N64K4 LUT array with the RTL's timing
// (depth 1, II 1), 256 FP16 FMA/cycle, 16 CUDA-core lanes, shared-memory
// latency 20.
SubCoreConfig test_config() {
  SubCoreConfig c;
  c.spec = {.issue_width_instr_per_cycle = 1,
            .register_banks = 2,
            .register_bank_width_bits = 64,
            .smem_latency_cycles = 20,
            .mma_fixed_latency_cycles = 10,
            .alu_latency_cycles = 4};
  LutTensorCoreSpec l;
  l.geometry = {.m = 2, .n = 64, .k = 4, .table_form = TableForm::kSymmetricHalf};
  c.lut = l;
  c.fp16_fma_per_cycle = 256;
  c.int8_mac_per_cycle = 512;
  c.cuda_ops_per_cycle = 16;
  c.smem_bytes = 65536;
  c.warp_registers = 512;
  return c;
}

SubCoreResult run(const std::string& text, const SubCoreConfig& c = test_config()) {
  SubCore core(c, lmma::parse_program(text, "test.lmma"));
  return core.run();
}

}  // namespace

// lmma.m2n64k4 with 2-bit weights: one tile, 1 group x 2 planes = 2 index
// vectors (occupancy 2, latency (2 - 1) x II + depth = 2). Sources t0, w0,
// d0..d3: bank 0 holds t0, w0, d0, d2 -> 4 reads / 2 per cycle = 2 cycles;
// d0..d3 written in 1 cycle. Issue at 0: start 2, result 4, written 5; the
// next waits for d0 (RAW) until 5, and so on: issues at 0, 5, 10, done at 15.
TEST_CASE("sub-core: a dependent lmma chain", "[systemc][subcore]") {
  const SubCoreResult r =
      run("lmma.m2n64k4.f16.i2.f32.f32 d0, t0, w0, d0\n"
          "lmma.m2n64k4.f16.i2.f32.f32 d0, t0, w0, d0\n"
          "lmma.m2n64k4.f16.i2.f32.f32 d0, t0, w0, d0\n");
  CHECK(r.cycles == 15);
  CHECK(r.instructions == 3);
  CHECK(r.ipc == Approx(3.0 / 15));
  CHECK(r.stalls(StallReason::kDependency) == 8);
  CHECK(r.stalls(StallReason::kRegisterPorts) == 0);
  CHECK(r.drain_cycles == 4);
  CHECK(r.unit_busy_cycles[static_cast<std::size_t>(Unit::kLut)] == 6);
  CHECK(r.utilization(Unit::kLut) == Approx(6.0 / 15));
  CHECK(r.actions.lut_index_vectors == 6);
  CHECK(r.actions.lut_lookups == 3 * 2 * 64 * 2);
  CHECK(r.actions.register_reads == 3 * 6);
  CHECK(r.actions.register_writes == 3 * 4);
}

// ld.shared.b32 at lane*128: all 32 lanes in bank 0, 32 distinct words ->
// 32 wavefronts (occupancy 32, latency 20 + 31, written at 52). The next
// load (conflict-free) waits for the LSU from cycle 1 to 31: 31 cycles of
// shared-memory bank stalls; it starts at 32, its result at 52 queues behind
// the first write-back (52) and lands at 53.
TEST_CASE("sub-core: a 32-way shared-memory bank conflict", "[systemc][subcore]") {
  const SubCoreResult r =
      run("ld.shared.b32 r0, [lane*128]\n"
          "ld.shared.b32 r1, [lane*4]\n");
  CHECK(r.cycles == 53);
  CHECK(r.stalls(StallReason::kSmemBanks) == 31);
  CHECK(r.stalls(StallReason::kStructural) == 0);
  CHECK(r.actions.smem_wavefronts == 33);
  CHECK(r.actions.smem_read_bytes == 256);
}

TEST_CASE("smem_wavefronts: conflict degree from the lanes' addresses", "[systemc][subcore]") {
  auto addresses = [](int lanes, std::int64_t stride, std::int64_t base = 0) {
    std::vector<std::int64_t> a;
    for (int l = 0; l < lanes; ++l) a.push_back(base + l * stride);
    return a;
  };
  CHECK(smem_wavefronts(addresses(32, 4), 4) == 1);     // one word per bank
  CHECK(smem_wavefronts(addresses(32, 0), 4) == 1);     // broadcast
  CHECK(smem_wavefronts(addresses(32, 8), 4) == 2);     // 2-way: lanes l and l + 16
  CHECK(smem_wavefronts(addresses(32, 16), 4) == 4);    // 4-way
  CHECK(smem_wavefronts(addresses(32, 128), 4) == 32);  // 32-way
  CHECK(smem_wavefronts(addresses(32, 8), 8) == 2);     // 2 phases of 16 lanes, each clean
  CHECK(smem_wavefronts(addresses(32, 16), 16) == 4);   // 4 phases of 8 lanes
  CHECK(smem_wavefronts(addresses(32, 32), 16) == 8);   // 16-byte rows 32 apart: 2-way per phase
  CHECK(smem_wavefronts(addresses(8, 16), 16) == 1);    // ldmatrix.x1: 8 rows of 16 bytes
  CHECK(smem_wavefronts(addresses(32, 132), 4) == 1);   // stride of 33 words: conflict-free
}

// Four independent lmma.m2n64k4 with 1-bit weights: occupancy 1, but each
// collects 6 registers with 4 in bank 0: 2 cycles. Issues at 0, 2, 4, 6
// (register-port stalls at 1, 3, 5); the last starts at 8, its result at 9,
// written at 10.
TEST_CASE("sub-core: a register-port-limited sequence", "[systemc][subcore]") {
  const SubCoreResult r =
      run("lmma.m2n64k4.f16.i1.f32.f32 d0, t0, w0, d0\n"
          "lmma.m2n64k4.f16.i1.f32.f32 d4, t0, w0, d4\n"
          "lmma.m2n64k4.f16.i1.f32.f32 d8, t0, w0, d8\n"
          "lmma.m2n64k4.f16.i1.f32.f32 d12, t0, w0, d12\n");
  CHECK(r.cycles == 10);
  CHECK(r.stalls(StallReason::kRegisterPorts) == 3);
  CHECK(r.stalls(StallReason::kDependency) == 0);
  CHECK(r.drain_cycles == 3);
}

// With 4-bit weights the array is busy 4 cycles per lmma: the second (issued
// after 1 register-port cycle) would start at 4 while the array is busy until
// 6: structural stalls at 2 and 3, issue at 4.
TEST_CASE("sub-core: the LUT array as a structural hazard", "[systemc][subcore]") {
  const SubCoreResult r =
      run("lmma.m2n64k4.f16.i4.f32.f32 d0, t0, w0, d0\n"
          "lmma.m2n64k4.f16.i4.f32.f32 d4, t1, w1, d4\n");
  CHECK(r.stalls(StallReason::kRegisterPorts) == 1);
  CHECK(r.stalls(StallReason::kStructural) == 2);
  // Second: start 6, latency 3 x 1 + 1 = 4, written at 11.
  CHECK(r.cycles == 11);
}

// ld.shared (no register reads) right after an lmma that still collects w0
// (until cycle 2) may not overwrite it before: one WAR stall at cycle 1.
TEST_CASE("sub-core: a WAR dependency on a register still being read", "[systemc][subcore]") {
  const SubCoreResult r =
      run("lmma.m2n64k4.f16.i2.f32.f32 d0, t0, w0, d0\n"
          "ld.shared.b32 w0, [lane*4]\n");
  CHECK(r.stalls(StallReason::kDependency) == 1);
  // The load starts at 2, its result at 22, written at 23.
  CHECK(r.cycles == 23);
}

// bar.sync waits for the load's write at 21 (barrier stalls at 1 .. 20); the
// next load issues at 22 and is written at 43.
TEST_CASE("sub-core: a barrier", "[systemc][subcore]") {
  const SubCoreResult r =
      run("ld.shared.b32 r0, [lane*4]\n"
          "bar.sync\n"
          "ld.shared.b32 r1, [lane*4]\n");
  CHECK(r.stalls(StallReason::kBarrier) == 20);
  CHECK(r.cycles == 43);
  CHECK(r.instructions == 3);
}

// lutpre.m2k16 on k = 4 half tables: 2 x 4 tables of 8 entries, each a sum
// of 4 activations (3 additions): 192 additions over 16 lanes = 12 cycles,
// latency 12 - 1 + 4. Source a0 (64 bytes): 1 cycle; tables t0 (128 bytes)
// written in 1: start 1, result 16, written at 17.
TEST_CASE("sub-core: lutpre on the CUDA cores", "[systemc][subcore]") {
  const SubCoreResult r = run("lutpre.m2k16.f16.f16 t0, a0\n");
  CHECK(r.cycles == 17);
  CHECK(r.actions.precompute_adds == 192);
  CHECK(r.unit_busy_cycles[static_cast<std::size_t>(Unit::kCuda)] == 12);
  CHECK(r.actions.register_reads == 1);
  CHECK(r.actions.register_writes == 1);
}

TEST_CASE("sub-core: a long run reports its instructions issued of the program's total",
          "[systemc][subcore]") {
  const std::string text =
      "ld.shared.b32 r0, [lane*4]\n"
      "repeat 2000 {\n"
      "  repeat 300 {\n"
      "    ld.shared.b32 r1, [lane*4]\n"
      "    ld.shared.b32 r2, [128 + lane*4]\n"
      "  }\n"
      "  st.shared.b32 [256 + lane*4], r1\n"
      "}\n";
  SubCore core(test_config(), lmma::parse_program(text, "long.lmma"));
  CHECK(dynamic_instructions(core.program()) == 1 + 2000 * (300 * 2 + 1));
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  const SubCoreResult& r = core.run(
      [&](std::uint64_t issued, std::uint64_t total) { reports.emplace_back(issued, total); });
  REQUIRE(r.cycles >= (std::uint64_t{1} << 20));  // long enough to report
  REQUIRE(reports.size() >= 2);
  CHECK(reports.back() == std::pair<std::uint64_t, std::uint64_t>{1202001, 1202001});
  for (std::size_t i = 1; i < reports.size(); ++i) CHECK(reports[i].first > reports[i - 1].first);
  CHECK(r.instructions == 1202001);

  std::size_t short_reports = 0;
  SubCore short_run(test_config(),
                    lmma::parse_program("ld.shared.b32 r1, [lane*4]\n", "short.lmma"));
  short_run.run([&](std::uint64_t, std::uint64_t) { ++short_reports; });
  CHECK(short_reports == 0);
}

TEST_CASE("sub-core: repeats and loop variables in addresses", "[systemc][subcore]") {
  SubCore core(test_config(),
               lmma::parse_program("repeat 3 as k {\n"
                                   "  repeat 2 as j {\n"
                                   "    ld.shared.b32 r0, [k*256 + j*128 + lane*4]\n"
                                   "    st.shared.b32 [4096 + k*256 + j*128 + lane*4], r0\n"
                                   "  }\n"
                                   "}\n",
                                   "copy.lmma"));
  for (int i = 0; i < 768; ++i) core.shared_memory().at(i, 1)[0] = static_cast<std::uint8_t>(i * 7);
  const SubCoreResult& r = core.run();
  CHECK(r.instructions == 12);
  CHECK(r.actions.smem_write_bytes == 768);
  for (int i = 0; i < 768; ++i) {
    INFO(i);
    REQUIRE(core.shared_memory().at(4096 + i, 1)[0] == static_cast<std::uint8_t>(i * 7));
  }
}

TEST_CASE("sub-core: bad programs and addresses are errors naming the line", "[systemc][subcore]") {
  CHECK_THROWS_WITH(run("bar.sync\nlmma.m2n32k4.f16.i2.f32.f32 d0, t0, w0, d0\n"),
                    Catch::Contains("line 2: lmma.m2n32k4.f16.i2.f32.f32 d0, t0, w0, d0: shape "
                                    "m2n32k4 is not a multiple of the LUT array M2N64K4"));
  CHECK_THROWS_AS(run("lmma.m2n64k4.q8.i2.f32.f32 d0, t0, w0, d0\n"), UnsupportedSubCore);
  CHECK_THROWS_WITH(run("lmma.m2n64k4.f16.i2.f32.f16 d0, t0, w0, d0\n"),
                    Catch::Contains("the output type must equal the accumulator type"));
  CHECK_THROWS_WITH(run("mma.m16n8k16.f16.f16.f32.f32 d0, a0, w0, d0\n"),
                    Catch::Contains("golden numerics"));
  CHECK_THROWS_WITH(run("lutpre.m2k6.f16.f16 t0, a0\n"),
                    Catch::Contains("not a multiple of the table group size k = 4"));
  CHECK_THROWS_WITH(run("ld.shared.b32 d600, [0]\n"), Catch::Contains("register file of 512"));
  CHECK_THROWS_WITH(run("ld.shared.b64 r0, [lane*4]\n"),
                    Catch::Contains("line 1: ld.shared.b64 r0, [lane*4]: lane 1 address 4: "
                                    "expected a multiple of 8"));
  CHECK_THROWS_AS(run("ld.shared.b32 r0, [65536 + lane*4]\n"), SharedMemoryFault);
  SubCoreConfig no_lut = test_config();
  no_lut.lut.reset();
  CHECK_THROWS_WITH(run("lutpre.m2k4.f16.f16 t0, a0\n", no_lut),
                    Catch::Contains("no lut_tensor_core section"));
}

// The values: activations loaded, tables built by lutpre, lmma against the
// golden lut_mpgemm, bit for bit, for each table format and accumulator.
TEST_CASE("sub-core: lutpre + lmma are bit-exact with lut_mpgemm", "[systemc][subcore]") {
  struct Case {
    TableEntryFormat table;
    DataType act, acc;
  };
  for (const Case& c : {Case{TableEntryFormat::kFp16, DataType::kFp16, DataType::kFp32},
                        Case{TableEntryFormat::kFp16, DataType::kFp16, DataType::kFp16},
                        Case{TableEntryFormat::kInt8Quantized, DataType::kFp16, DataType::kFp32},
                        Case{TableEntryFormat::kInteger, DataType::kInt8, DataType::kInt32}}) {
    SubCoreConfig config = test_config();
    config.lut->table_format =
        c.table == TableEntryFormat::kInteger ? TableEntryFormat::kFp16 : c.table;
    const LutGemmConfig cfg{
        2, {.k = 4, .table_form = TableForm::kSymmetricHalf}, c.act, c.table, c.acc};
    const MpGemmProblem p = make_random_problem(
        {.m = 2, .n = 64, .k = 16, .activation = c.act, .weight_bits = 2, .seed = 7});
    const std::string a = std::string(lmma::type_name(c.act));
    const std::string t = std::string(lmma::type_name(c.table));
    const std::string acc = std::string(lmma::type_name(c.acc));
    const std::string text =
        "ld.shared.b32 a0, [lane*4]\n"
        "ld.shared.b64 w0, [1024 + lane*8]\n"
        "lutpre.m2k16." +
        a + "." + t +
        " t0, a0\n"
        "lmma.m2n64k16." +
        t + ".i2." + acc + "." + acc + " d0, t0, w0, d0\n";
    SubCore core(config, lmma::parse_program(text, "pre.lmma"));
    const auto x_bytes = core.shared_memory().at(0, 128);
    for (int m = 0; m < 2; ++m) {
      for (int k = 0; k < 16; ++k) store_element(x_bytes, m * 16 + k, c.act, p.x(m, k));
    }
    const auto w_bytes = core.shared_memory().at(1024, 256);
    for (int n = 0; n < 64; ++n) {
      for (int k = 0; k < 16; ++k) store_weight_code(w_bytes, n * 16 + k, 2, p.w.code(n, k));
    }
    core.run();
    const Matrix want = lut_mpgemm(p.x, p.w, cfg).accumulators;
    const auto d =
        core.registers().fragment({lmma::RegisterClass::kD, 0, 2 * 64 * bytes_of(c.acc) / 128});
    for (int m = 0; m < 2; ++m) {
      for (int n = 0; n < 64; ++n) {
        INFO(t << " " << acc << " m " << m << " n " << n);
        REQUIRE(load_element(d, m * 64 + n, c.acc) == want(m, n));
      }
    }
  }
}

TEST_CASE("sub-core: mma is the MAC baseline's golden dot product", "[systemc][subcore]") {
  // D = A x B^T + C for a 16 x 8 x 16 FP16 tile: every output 16 x (1.5 x 2) + 1 = 49.
  SubCore core(test_config(),
               lmma::parse_program("mma.m16n8k16.f16.f16.f16.f16 d0, a0, w0, d0\n", "mma.lmma"));
  auto a = core.registers().fragment({lmma::RegisterClass::kA, 0, 4});
  auto b = core.registers().fragment({lmma::RegisterClass::kW, 0, 2});
  auto c = core.registers().fragment({lmma::RegisterClass::kD, 0, 2});
  for (int i = 0; i < 256; ++i) store_element(a, i, DataType::kFp16, 1.5);
  for (int i = 0; i < 128; ++i) store_element(b, i, DataType::kFp16, 2.0);
  for (int i = 0; i < 128; ++i) store_element(c, i, DataType::kFp16, 1.0);
  const SubCoreResult& r = core.run();
  for (int i = 0; i < 128; ++i) REQUIRE(load_element(c, i, DataType::kFp16) == 49.0);
  // 2048 FMAs at 256 per cycle: occupancy 8, latency 8 + 10; sources a0..a3,
  // w0, w1, d0, d1 = 4 per bank: 2 cycles; written in 1: 2 + 18 + 1.
  CHECK(r.cycles == 21);
  CHECK(r.actions.mma_macs == 2048);
}

}  // namespace lutsim::systemc
