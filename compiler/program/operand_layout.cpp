#include "compiler/program/operand_layout.hpp"

namespace lutsim::lmma {
namespace {

constexpr int kFp16ScaleBytes = 2;

}  // namespace

std::int64_t table_operand_bytes(const MatrixShape& shape, const LutGemmConfig& datapath) {
  const std::int64_t tables = static_cast<std::int64_t>(shape.m) * (shape.k / datapath.geometry.k);
  const std::int64_t entries = datapath.geometry.table_entries();
  const std::int64_t entry_bytes = bytes_of(table_entry_dtype(datapath.table_format));
  const bool scaled = datapath.table_format == TableEntryFormat::kInt8Quantized;
  return tables * (entries * entry_bytes + (scaled ? kFp16ScaleBytes : 0));
}

std::int64_t weight_operand_bytes(const MatrixShape& shape, int weight_bits) {
  return (static_cast<std::int64_t>(shape.n) * shape.k * weight_bits + 7) / 8;
}

}  // namespace lutsim::lmma
