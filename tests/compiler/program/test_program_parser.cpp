#include <catch2/catch.hpp>

#include "compiler/program/program_parser.hpp"
#include "compiler/program/program_printer.hpp"

namespace lutsim::lmma {
namespace {

constexpr const char* kWarpTile = R"(# one K step of a warp tile
lutpre.m2k16.f16.f16 t0, a0   # tables of 2 rows x 16 activations
repeat 4 as k {
  ld.shared.b128 w0, [1024 + lane*16 + k*512]
  ldmatrix.x4 a4, [k*64 + lane*16]
  repeat 2 {
    lmma.m2n64k4.f16.i2.f32.f32 d0, t0, w0, d0
  }
  mma.m16n8k16.f16.f16.f32.f32 d8, a4, w2, d8
  st.shared.b32 [lane*4], r3
}
bar.sync
)";

ProgramParseError parse_error(const std::string& text) {
  try {
    parse_program(text, "p.lmma");
  } catch (const ProgramParseError& e) {
    return e;
  }
  FAIL("no ProgramParseError for: " << text);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("parse_program reads every instruction kind", "[systemc][lmma]") {
  const Program p = parse_program(kWarpTile, "tile.lmma");
  REQUIRE(p.body.size() == 3);
  const auto& pre = std::get<Instruction>(p.body[0]);
  CHECK(pre.opcode == Opcode::kLutpre);
  CHECK(pre.shape == MatrixShape{2, 0, 16});
  CHECK(std::get<LutpreTypes>(pre.types) == LutpreTypes{DataType::kFp16, TableEntryFormat::kFp16});
  CHECK(pre.registers == std::vector<Register>{{RegisterClass::kT, 0}, {RegisterClass::kA, 0}});
  CHECK(pre.line == 2);

  const auto& loop = std::get<Repeat>(p.body[1]);
  CHECK(loop.count == 4);
  CHECK(loop.variable == "k");
  REQUIRE(loop.body.size() == 5);
  const auto& ld = std::get<Instruction>(loop.body[0]);
  CHECK(ld.opcode == Opcode::kLdShared);
  CHECK(ld.access_bytes == 16);
  CHECK(ld.address ==
        Address{{AddressTerm{1024, ""}, AddressTerm{16, "lane"}, AddressTerm{512, "k"}}});
  CHECK(std::get<Instruction>(loop.body[1]).matrices == 4);
  const auto& inner = std::get<Repeat>(loop.body[2]);
  CHECK(inner.count == 2);
  CHECK(inner.variable.empty());
  const auto& lmma = std::get<Instruction>(inner.body[0]);
  CHECK(lmma.shape == MatrixShape{2, 64, 4});
  CHECK(std::get<LmmaTypes>(lmma.types) ==
        LmmaTypes{TableEntryFormat::kFp16, 2, DataType::kFp32, DataType::kFp32});
  CHECK(lmma.registers == std::vector<Register>{{RegisterClass::kD, 0},
                                                {RegisterClass::kT, 0},
                                                {RegisterClass::kW, 0},
                                                {RegisterClass::kD, 0}});
  const auto& mma = std::get<Instruction>(loop.body[3]);
  CHECK(std::get<MmaTypes>(mma.types) ==
        MmaTypes{DataType::kFp16, DataType::kFp16, DataType::kFp32, DataType::kFp32});
  const auto& st = std::get<Instruction>(loop.body[4]);
  CHECK(st.registers == std::vector<Register>{{RegisterClass::kR, 3}});
  CHECK(st.address == Address{{AddressTerm{4, "lane"}}});
  CHECK(std::get<Instruction>(p.body[2]).opcode == Opcode::kBarSync);
  // 1 + 4 x (4 + 2) + 1
  CHECK(dynamic_instruction_count(p) == 26);
}

TEST_CASE("print_program round-trips through parse_program", "[systemc][lmma]") {
  const Program p = parse_program(kWarpTile, "tile.lmma");
  const std::string text = print_program(p);
  CHECK(parse_program(text, "printed") == p);
  CHECK(print_program(parse_program(text, "printed")) == text);
  CHECK(print_instruction(std::get<Instruction>(std::get<Repeat>(p.body[1]).body[0])) ==
        "ld.shared.b128 w0, [1024 + lane*16 + k*512]");
  // Every type name prints as it parses.
  for (const char* line :
       {"lmma.m4n32k8.q8.i8.f16.f16 d2, t1, w9, d2", "lmma.m1n128k4.int.i1.s32.s32 d0, t0, w0, d0",
        "mma.m16n8k32.s8.s8.s32.s32 d0, a0, w0, d0",
        "mma.m16n8k32.e4m3.e5m2.f32.f32 d0, a0, w0, d0",
        "mma.m16n8k16.bf16.bf16.f32.f32 d0, a0, w0, d0", "lutpre.m2k4.s8.int t0, a0",
        "ldmatrix.x1 a0, [lane*16]", "st.shared.b64 [8 + lane*8], r0", "bar.sync"}) {
    const Program one = parse_program(line, "line");
    CHECK(print_program(one) == std::string(line) + "\n");
  }
}

TEST_CASE("parse_program errors name file, line, column and what was expected", "[systemc][lmma]") {
  struct Case {
    const char* text;
    ParseErrorKind kind;
    int line;
    int column;
    const char* message;
  };
  const Case cases[] = {
      {"frob d0", ParseErrorKind::kUnknownOpcode, 1, 1, "found 'frob'"},
      {"lmma.m2n64k4.f16.i2.f16 d0, t0, w0, d0", ParseErrorKind::kBadSuffix, 1, 24,
       "expected lmma.<shape>.<table>.<weight>.<acc>.<out>"},
      {"lmma.m2x64k4.f16.i2.f16.f16 d0, t0, w0, d0", ParseErrorKind::kBadSuffix, 1, 6,
       "expected a shape m<M>n<N>k<K>, found 'm2x64k4'"},
      {"lmma.m2n64k4.f16.i9.f16.f16 d0, t0, w0, d0", ParseErrorKind::kBadSuffix, 1, 18,
       "expected a weight type i1 .. i8, found 'i9'"},
      {"lmma.m2n64k4.f15.i2.f16.f16 d0, t0, w0, d0", ParseErrorKind::kBadSuffix, 1, 14,
       "expected a table entry type"},
      {"ld.shared.b16 r0, [0]", ParseErrorKind::kBadSuffix, 1, 11, "expected b32, b64 or b128"},
      {"ldmatrix.x3 r0, [0]", ParseErrorKind::kBadSuffix, 1, 10, "expected x1, x2 or x4"},
      {"bar.sync.all", ParseErrorKind::kBadSuffix, 1, 10, "with no suffix"},
      {"\n  lmma.m2n64k4.f16.i2.f16.f16 d0, w0, w0, d0", ParseErrorKind::kBadOperand, 2, 35,
       "expected a t register, found 'w0'"},
      {"lmma.m2n64k4.f16.i2.f16.f16 d0, t0, w0", ParseErrorKind::kBadOperand, 1, 39,
       "expected ',', found end of line"},
      {"lmma.m2n64k4.f16.i2.f16.f16 d0, t0, w0, d0, d1", ParseErrorKind::kSyntax, 1, 43,
       "expected end of instruction, found ','"},
      {"ld.shared.b32 r0, 0", ParseErrorKind::kBadOperand, 1, 19, "expected '[', found '0'"},
      {"ld.shared.b32 x0, [0]", ParseErrorKind::kBadOperand, 1, 15, "expected a register"},
      {"ld.shared.b32 r0, [lane*4 +]", ParseErrorKind::kSyntax, 1, 28, "expected an address term"},
      {"ld.shared.b32 r0, [lane*4", ParseErrorKind::kSyntax, 1, 26,
       "expected ']', found end of line"},
      {"ld.shared.b32 r0, [warp*4]", ParseErrorKind::kUnknownVariable, 1, 20,
       "expected `lane` or the variable of an enclosing repeat, found 'warp'"},
      {"repeat 2 as k {\n}\nld.shared.b32 r0, [k*4]", ParseErrorKind::kUnknownVariable, 3, 20,
       "found 'k'"},
      {"repeat 0 {\n}", ParseErrorKind::kBadRepeat, 1, 8, "expected a repeat count in [1, "},
      {"repeat 2 as k {\n repeat 2 as k {\n }\n}", ParseErrorKind::kBadRepeat, 2, 14,
       "expected a variable name not in use, found 'k'"},
      {"repeat 2\n}", ParseErrorKind::kSyntax, 1, 9, "expected '{', found end of line"},
      {"bar.sync\n}", ParseErrorKind::kUnbalanced, 2, 1, "found '}' without a repeat"},
      {"repeat 2 {\nbar.sync\n", ParseErrorKind::kUnbalanced, 2, 1,
       "expected '}' closing the repeat of line 1, found end of file"},
      {"  , bar.sync", ParseErrorKind::kSyntax, 1, 3, "expected an instruction, `repeat` or `}`"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const ProgramParseError e = parse_error(c.text);
    CHECK(e.kind() == c.kind);
    CHECK(e.file() == "p.lmma");
    CHECK(e.line() == c.line);
    CHECK(e.column() == c.column);
    const std::string prefix =
        "p.lmma:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
    CHECK(std::string(e.what()).rfind(prefix, 0) == 0);
    CHECK_THAT(e.what(), Catch::Contains(c.message));
  }
}

TEST_CASE("parse_program skips comments and blank lines", "[systemc][lmma]") {
  const Program p = parse_program("# header\n\n   # indented\r\nbar.sync # end\r\n", "c");
  REQUIRE(p.body.size() == 1);
  CHECK(std::get<Instruction>(p.body[0]).line == 4);
}

}  // namespace lutsim::lmma
