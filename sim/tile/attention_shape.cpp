#include "sim/tile/attention_shape.hpp"

#include <array>
#include <stdexcept>
#include <string>

#include "core/numerics/checked_count.hpp"

namespace lutsim {
namespace {

constexpr std::array<DataType, 2> kAttentionTypes{DataType::kFp16, DataType::kBf16};
constexpr std::int64_t kHeadDimStep = 32;

std::string describe(const AttentionShape& s) {
  return "batch=" + std::to_string(s.batch) + " q_heads=" + std::to_string(s.q_heads) +
         " kv_heads=" + std::to_string(s.kv_heads) + " q_len=" + std::to_string(s.q_len) +
         " kv_len=" + std::to_string(s.kv_len) + " head_dim=" + std::to_string(s.head_dim);
}

}  // namespace

std::int64_t padded_head_dim(std::int64_t head_dim) {
  return (head_dim + kHeadDimStep - 1) / kHeadDimStep * kHeadDimStep;
}

double AttentionShape::unmasked_scores() const {
  const double rows = static_cast<double>(batch) * q_heads;
  if (!causal) return rows * q_len * kv_len;
  // Query i sees (kv_len - q_len) + i + 1 keys.
  const double offset = static_cast<double>(kv_len - q_len);
  return rows * (q_len * offset + q_len * (q_len + 1.0) / 2.0);
}

double AttentionShape::flops() const {
  return 4.0 * unmasked_scores() * static_cast<double>(head_dim);
}

void AttentionShape::validate() const {
  const std::string what = "attention " + describe(*this);
  if (batch < 1 || q_heads < 1 || kv_heads < 1 || q_len < 1 || kv_len < 1 || head_dim < 1) {
    throw std::invalid_argument(what + ": every dimension must be positive");
  }
  if (q_heads % kv_heads != 0) {
    throw std::invalid_argument(what + ": kv_heads must divide q_heads");
  }
  if (head_dim > kMaxAttentionHeadDim) {
    throw std::invalid_argument(what + ": head_dim above " + std::to_string(kMaxAttentionHeadDim) +
                                " has no fused kernel");
  }
  if (causal && kv_len < q_len) {
    throw std::invalid_argument(what + ": a causal call needs kv_len >= q_len");
  }
  require_one_of(type, kAttentionTypes, "fused attention operand");
  checked_count({batch, q_heads, q_len, kv_len, padded_head_dim(head_dim)},
                what + ": batch x q_heads x q_len x kv_len x head_dim multiply-adds");
}

}  // namespace lutsim
