#include <catch2/catch.hpp>

#include "compiler/lowering/warp_program.hpp"
#include "compiler/program/program_parser.hpp"
#include "compiler/program/program_printer.hpp"

namespace lutsim::compiler {
namespace {

// A 4 x 128 warp tile, K steps of 16, 2-bit weights, FP16 activations on
// M2N64K4 half tables with two arrays per tensor core.
WarpTileSpec small_spec() {
  WarpTileSpec s;
  s.warp_m = 4;
  s.warp_n = 128;
  s.k_step = 16;
  s.k_steps = 4;
  s.datapath = {2,
                {.k = 4, .table_form = TableForm::kSymmetricHalf},
                DataType::kFp16,
                TableEntryFormat::kFp16,
                DataType::kFp32};
  s.array = {.m = 2, .n = 64, .k = 4, .table_form = TableForm::kSymmetricHalf};
  s.arrays = 2;
  s.smem_bytes = 65536;
  return s;
}

}  // namespace

TEST_CASE("warp_tile_program: loads ahead of the lmmas, one lmma per tile and K step",
          "[compiler][lowering]") {
  WarpTileSpec s = small_spec();
  const WarpProgram p = warp_tile_program(s);
  // Tables 4 x 4 x 8 x 2 = 256 bytes, weights 128 x 16 x 2 / 8 = 512 bytes:
  // each padded to 512, a step is 1024 bytes.
  CHECK(p.layout.instruction == lmma::MatrixShape{2, 128, 16});
  CHECK(p.layout.step_bytes == 1024);
  CHECK(p.layout.resident_steps == 4);
  CHECK(lmma::print_program(p.program) ==
        "ld.shared.b128 w0, [512 + lane*16]\n"
        "ld.shared.b128 t0, [lane*16]\n"
        "repeat 1 as i {\n"
        "  lmma.m2n128k16.f16.i2.f32.f32 d0, t0, w0, d0\n"
        "  ld.shared.b128 w4, [1536 + i*2048 + lane*16]\n"
        "  lmma.m2n128k16.f16.i2.f32.f32 d8, t1, w0, d8\n"
        "  ld.shared.b128 t4, [1024 + i*2048 + lane*16]\n"
        "  lmma.m2n128k16.f16.i2.f32.f32 d0, t4, w4, d0\n"
        "  ld.shared.b128 w0, [2560 + i*2048 + lane*16]\n"
        "  lmma.m2n128k16.f16.i2.f32.f32 d8, t5, w4, d8\n"
        "  ld.shared.b128 t0, [2048 + i*2048 + lane*16]\n"
        "}\n"
        "lmma.m2n128k16.f16.i2.f32.f32 d0, t0, w0, d0\n"
        "ld.shared.b128 w4, [3584 + lane*16]\n"
        "lmma.m2n128k16.f16.i2.f32.f32 d8, t1, w0, d8\n"
        "ld.shared.b128 t4, [3072 + lane*16]\n"
        "lmma.m2n128k16.f16.i2.f32.f32 d0, t4, w4, d0\n"
        "lmma.m2n128k16.f16.i2.f32.f32 d8, t5, w4, d8\n");
  // The text is a program like any other.
  CHECK(lmma::parse_program(lmma::print_program(p.program), "gen") == p.program);
  s.warp_n = 96;
  CHECK_THROWS_WITH(warp_tile_program(s), Catch::Contains("not a multiple of array_n 64"));
  // 64 columns: the two arrays take two row pairs each.
  s.warp_n = 64;
  CHECK(warp_tile_program(s).layout.instruction == lmma::MatrixShape{4, 64, 16});
  s.warp_m = 2;
  CHECK(warp_tile_program(s).layout.instruction == lmma::MatrixShape{2, 64, 16});
}

}  // namespace lutsim::compiler
