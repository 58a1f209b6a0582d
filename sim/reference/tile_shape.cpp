#include "sim/reference/tile_shape.hpp"

#include <bit>

#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {
namespace {

// The two's complement value of the low `width` bits.
double signed_value(std::uint32_t bits, int width) {
  const std::uint32_t mask = (1u << width) - 1u;
  const std::uint32_t sign = 1u << (width - 1);
  const auto value = static_cast<std::int64_t>(bits & mask);
  return static_cast<double>((bits & sign) != 0 ? value - (std::int64_t{1} << width) : value);
}

}  // namespace

double fp16_value(std::uint32_t bits) {
  return Fp16::from_bits(static_cast<std::uint16_t>(bits)).to_double();
}

int TileShape::entry_width() const {
  if (quantized) return 8;
  if (!integer_tables) return 16;
  // clog2(128 * k + 1) + 1: entries are sums within +-128 k.
  return std::bit_width(static_cast<unsigned>(128 * geometry.k)) + 1;
}

std::string TileShape::name() const {
  const bool sym_full = geometry.table_form == TableForm::kSymmetricFull;
  std::string full = " full";
  if (precompute) full = sym_full ? " sym-full" : " unsigned-full";
  if (quantized) full = " full";
  const int k = geometry.k;
  const std::string k_name =
      pair ? std::to_string(2 * k) + "(2xK" + std::to_string(k) + ")" : std::to_string(k);
  return "M" + std::to_string(geometry.m) + "N" + std::to_string(geometry.n) + "K" + k_name + " W" +
         std::to_string(w_bit) + (integer_tables ? " int" : " fp16") +
         (quantized ? " int8-quantized" : "") + (half_tables() ? " half" : full) +
         (neg_in_acc ? " neg-in-acc" : "") + (precompute ? " precompute" : "") +
         (pipe_stages > 0 ? " P" + std::to_string(pipe_stages) : "") +
         (integer_tables && int_acc_width != 32 ? " acc" + std::to_string(int_acc_width) : "");
}

LutGemmConfig TileShape::golden_config(TableForm form) const {
  LutGemmConfig cfg;
  cfg.weight_bits = w_bit;
  cfg.geometry = {.k = geometry.k, .table_form = form};
  if (integer_tables) {
    cfg.activation = DataType::kInt8;
    cfg.table_format = TableEntryFormat::kInteger;
    cfg.accumulator = DataType::kInt32;
  } else {
    cfg.activation = DataType::kFp16;
    cfg.table_format = quantized ? TableEntryFormat::kInt8Quantized : TableEntryFormat::kFp16;
    cfg.accumulator = DataType::kFp16;
  }
  return cfg;
}

std::uint32_t TileShape::entry_bits(double entry) const {
  if (quantized) return static_cast<std::uint32_t>(static_cast<std::int32_t>(entry)) & 0xFFu;
  if (!integer_tables) return Fp16::from_double(entry).bits();
  const auto value = static_cast<std::int64_t>(entry);
  return static_cast<std::uint32_t>(value) & ((1u << entry_width()) - 1u);
}

std::uint32_t TileShape::activation_bits(double x) const {
  return integer_tables ? static_cast<std::uint32_t>(static_cast<std::int32_t>(x)) & 0xFFu
                        : Fp16::from_double(x).bits();
}

std::uint32_t TileShape::acc_bits(double value) const {
  if (!integer_tables) return Fp16::from_double(value).bits();
  return acc_register(static_cast<std::uint32_t>(static_cast<std::int32_t>(value)));
}

std::uint32_t TileShape::acc_register(std::uint32_t bits) const {
  // A narrower integer accumulator (INT_ACC_W) holds the low bits of the INT32 one: both
  // wrap, so both are the sum modulo 2^width.
  if (!integer_tables || int_acc_width >= 32) return bits;
  return bits & ((std::uint32_t{1} << int_acc_width) - 1);
}

double TileShape::entry_value(std::uint32_t bits) const {
  if (quantized || integer_tables) return signed_value(bits, entry_width());
  return fp16_value(bits);
}

double TileShape::activation_value(std::uint32_t bits) const {
  return integer_tables ? signed_value(bits, 8) : fp16_value(bits);
}

}  // namespace lutsim::cycle_ref
