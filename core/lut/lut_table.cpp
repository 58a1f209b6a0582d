#include "core/lut/lut_table.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/numerics/fp16.hpp"
#include "core/numerics/int_quant.hpp"

namespace lutsim {
namespace {

// T[idx] in the entry format, summed left to right.
double full_entry(std::span<const double> x, unsigned idx, const LutGemmConfig& cfg) {
  const bool exact = cfg.table_format == TableEntryFormat::kInteger;
  double sum = 0.0;
  bool started = false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const bool bit = (idx >> i) & 1u;
    if (!cfg.geometry.symmetric() && !bit) continue;
    const double term = bit ? x[i] : -x[i];
    if (!started) {
      sum = term;
      started = true;
    } else if (exact) {
      sum += term;
    } else {
      sum = fp16_add(Fp16::from_double(sum), Fp16::from_double(term)).to_double();
    }
  }
  return sum;
}

void quantize_to_int8(LutTable& table) {
  double max_abs = 0.0;
  for (double e : table.entries) max_abs = std::max(max_abs, std::abs(e));
  table.scale = max_abs == 0.0 ? 1.0 : fp16_round(max_abs / Int8Quantizer::kMaxCode).to_double();
  for (double& e : table.entries) {
    e = std::clamp(round_half_even(e / table.scale), -1.0 * Int8Quantizer::kMaxCode,
                   1.0 * Int8Quantizer::kMaxCode);
  }
}

}  // namespace

int precompute_adders(int k, TableForm form) {
  switch (form) {
    case TableForm::kSymmetricHalf:
      return (1 << k) - 4 + (1 << (k - 1));
    case TableForm::kSymmetricFull:
      return (1 << (k + 1)) - 4;
    case TableForm::kUnsignedFull:
      return (1 << k) - k - 1;
  }
  throw std::invalid_argument("precompute_adders: unknown table form");
}

LutTable precompute_table(std::span<const double> x, const LutGemmConfig& cfg) {
  if (x.size() != static_cast<std::size_t>(cfg.geometry.k)) {
    throw std::invalid_argument("precompute_table: expected " + std::to_string(cfg.geometry.k) +
                                " activations, got " + std::to_string(x.size()));
  }
  LutTable table;
  const unsigned stored = static_cast<unsigned>(cfg.geometry.table_entries());
  // The half table holds the entries whose top index bit is set.
  const bool half = cfg.geometry.table_form == TableForm::kSymmetricHalf;
  const unsigned offset = half ? stored : 0u;
  table.entries.reserve(stored);
  for (unsigned i = 0; i < stored; ++i) table.entries.push_back(full_entry(x, i | offset, cfg));
  if (cfg.table_format == TableEntryFormat::kInt8Quantized) quantize_to_int8(table);
  return table;
}

double table_lookup(const LutTable& table, unsigned index, const LutGemmConfig& cfg) {
  if (cfg.geometry.table_form != TableForm::kSymmetricHalf) return table.entries[index];
  const unsigned top = 1u << (cfg.geometry.k - 1);
  const unsigned mask = top - 1;
  if (index & top) return table.entries[index & mask];
  return -table.entries[~index & mask];
}

}  // namespace lutsim
