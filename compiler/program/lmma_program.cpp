#include "compiler/program/lmma_program.hpp"

#include <array>
#include <utility>

namespace lutsim::lmma {
namespace {

constexpr std::array<std::pair<DataType, std::string_view>, 7> kTypeNames{{
    {DataType::kFp16, "f16"},
    {DataType::kFp32, "f32"},
    {DataType::kBf16, "bf16"},
    {DataType::kInt8, "s8"},
    {DataType::kInt32, "s32"},
    {DataType::kFp8E4M3, "e4m3"},
    {DataType::kFp8E5M2, "e5m2"},
}};
constexpr std::array<std::pair<TableEntryFormat, std::string_view>, 3> kTableNames{{
    {TableEntryFormat::kFp16, "f16"},
    {TableEntryFormat::kInt8Quantized, "q8"},
    {TableEntryFormat::kInteger, "int"},
}};

template <class Key, std::size_t N>
std::string_view name_of(const std::array<std::pair<Key, std::string_view>, N>& names, Key key) {
  for (const auto& [k, name] : names) {
    if (k == key) return name;
  }
  return "?";
}

template <class Key, std::size_t N>
std::optional<Key> key_of(const std::array<std::pair<Key, std::string_view>, N>& names,
                          std::string_view name) {
  for (const auto& [k, n] : names) {
    if (n == name) return k;
  }
  return std::nullopt;
}

std::int64_t count_of(const std::vector<Statement>& body) {
  std::int64_t n = 0;
  for (const Statement& s : body) {
    if (const auto* r = std::get_if<Repeat>(&s)) {
      n += r->count * count_of(r->body);
    } else {
      ++n;
    }
  }
  return n;
}

}  // namespace

std::string_view mnemonic(Opcode op) {
  switch (op) {
    case Opcode::kLmma:
      return "lmma";
    case Opcode::kMma:
      return "mma";
    case Opcode::kLutpre:
      return "lutpre";
    case Opcode::kLdShared:
      return "ld.shared";
    case Opcode::kStShared:
      return "st.shared";
    case Opcode::kLdmatrix:
      return "ldmatrix";
    case Opcode::kBarSync:
      return "bar.sync";
  }
  return "?";
}

char letter(RegisterClass c) {
  return kRegisterClassLetters[static_cast<std::size_t>(c)];
}

bool Instruction::operator==(const Instruction& o) const {
  return opcode == o.opcode && shape == o.shape && types == o.types &&
         access_bytes == o.access_bytes && matrices == o.matrices && registers == o.registers &&
         address == o.address;
}

bool Repeat::operator==(const Repeat& o) const {
  return count == o.count && variable == o.variable && body == o.body;
}

std::string_view type_name(DataType t) {
  return name_of(kTypeNames, t);
}
std::string_view type_name(TableEntryFormat f) {
  return name_of(kTableNames, f);
}
std::optional<DataType> parse_type_name(std::string_view name) {
  return key_of(kTypeNames, name);
}
std::optional<TableEntryFormat> parse_table_name(std::string_view name) {
  return key_of(kTableNames, name);
}

std::int64_t dynamic_instruction_count(const Program& p) {
  return count_of(p.body);
}

}  // namespace lutsim::lmma
