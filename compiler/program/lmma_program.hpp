#pragma once
// An LMMA program: the instructions one warp of an SM sub-core executes
// (docs/lmma.md). Plain data, written by the parser (program_parser.hpp), the
// generator and later the compiler, printed back by program_printer.hpp, and
// executed by the sub-core model (sim/systemc).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/lut/lut_config.hpp"
#include "core/numerics/data_type.hpp"

namespace lutsim::lmma {

enum class Opcode {
  kLmma,      // lmma.m<M>n<N>k<K>.<table>.<weight>.<acc>.<out>   D, T, W, C
  kMma,       // mma.m<M>n<N>k<K>.<a>.<b>.<acc>.<out>             D, A, B, C
  kLutpre,    // lutpre.m<M>k<K>.<act>.<table>                    T, A
  kLdShared,  // ld.shared.b<32|64|128>                           R, [address]
  kStShared,  // st.shared.b<32|64|128>                           [address], R
  kLdmatrix,  // ldmatrix.x<1|2|4>                                R, [address]
  kBarSync,   // bar.sync
};

// The opcode's first name component as written ("lmma", "ld.shared", ...).
std::string_view mnemonic(Opcode op);

// Register classes: one banked register file, named by what a register holds.
// An operand names the first of the consecutive warp registers (32 lanes x
// 4 bytes each) it occupies; how many is the instruction's (docs/lmma.md).
enum class RegisterClass { kR, kA, kT, kW, kD };
inline constexpr std::string_view kRegisterClassLetters = "ratwd";

char letter(RegisterClass c);

struct Register {
  RegisterClass cls = RegisterClass::kR;
  int index = 0;  // warp register number within the class

  bool operator==(const Register&) const = default;
};

// One term of an address: coefficient x variable, or a constant when the
// variable is empty. Variables: `lane` (0..31) and enclosing repeat names.
struct AddressTerm {
  std::int64_t coefficient = 0;
  std::string variable;

  bool operator==(const AddressTerm&) const = default;
};

// A byte address in shared memory: the sum of its terms, evaluated per lane.
struct Address {
  std::vector<AddressTerm> terms;

  bool operator==(const Address&) const = default;
};

struct MatrixShape {
  int m = 0;
  int n = 0;  // 0 for lutpre (no N)
  int k = 0;

  bool operator==(const MatrixShape&) const = default;
};

// Element types of the instruction suffixes; see docs/lmma.md for the names.
struct LmmaTypes {
  TableEntryFormat table = TableEntryFormat::kFp16;
  int weight_bits = 2;
  DataType accumulator = DataType::kFp32;
  DataType output = DataType::kFp32;

  bool operator==(const LmmaTypes&) const = default;
};
struct MmaTypes {
  DataType a = DataType::kFp16;
  DataType b = DataType::kFp16;
  DataType accumulator = DataType::kFp32;
  DataType output = DataType::kFp32;

  bool operator==(const MmaTypes&) const = default;
};
struct LutpreTypes {
  DataType activation = DataType::kFp16;
  TableEntryFormat table = TableEntryFormat::kFp16;

  bool operator==(const LutpreTypes&) const = default;
};

struct Instruction {
  Opcode opcode = Opcode::kBarSync;
  MatrixShape shape;  // lmma, mma, lutpre
  std::variant<std::monostate, LmmaTypes, MmaTypes, LutpreTypes> types;
  int access_bytes = 0;             // ld/st.shared: per lane
  int matrices = 0;                 // ldmatrix: 8x8 b16 matrices
  std::vector<Register> registers;  // operand order, destination first
  std::optional<Address> address;   // ld, st, ldmatrix
  int line = 0;  // where it was written (1-based), 0 when built in code; not compared

  bool operator==(const Instruction& o) const;
};

struct Repeat;
// A program line: an instruction or a repeat block.
using Statement = std::variant<Instruction, Repeat>;

// `repeat <count> [as <variable>] { ... }`: the body `count` times, the
// variable (if named) taking 0 .. count-1.
struct Repeat {
  std::int64_t count = 1;
  std::string variable;
  std::vector<Statement> body;
  int line = 0;  // not compared

  bool operator==(const Repeat& o) const;
};

struct Program {
  std::vector<Statement> body;

  bool operator==(const Program&) const = default;
};

// Short element-type names of the suffixes: f16 f32 bf16 s8 s32 e4m3 e5m2,
// and for table entries f16 q8 int. Parsing returns nullopt for other names.
std::string_view type_name(DataType t);
std::string_view type_name(TableEntryFormat f);
std::optional<DataType> parse_type_name(std::string_view name);
std::optional<TableEntryFormat> parse_table_name(std::string_view name);

// The instructions executed, repeats unrolled (a count: programs with repeats
// of real GEMMs are long).
std::int64_t dynamic_instruction_count(const Program& p);

}  // namespace lutsim::lmma
