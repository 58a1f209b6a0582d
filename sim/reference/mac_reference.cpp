#include "sim/reference/mac_reference.hpp"

#include <algorithm>

#include "core/lut/mac_dot_reference.hpp"
#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {
namespace {

// Raw operand bits as the element type T, per row (or column).
template <class T, class Convert>
std::vector<std::vector<T>> decode(const std::vector<std::vector<std::uint32_t>>& rows,
                                   Convert convert) {
  std::vector<std::vector<T>> out(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::uint32_t v : rows[r]) out[r].push_back(convert(v));
  }
  return out;
}

}  // namespace

MacReference::MacReference(int m, int n, bool integer)
    : m_(m), n_(n), integer_(integer), acc_(static_cast<std::size_t>(m * n), 0u) {}

void MacReference::clock(bool reset, const MacOperandsIn& in) {
  if (reset) {
    std::fill(acc_.begin(), acc_.end(), 0u);
    out_valid_ = false;
    return;
  }
  out_valid_ = in.valid && in.last;
  if (!in.valid) return;
  if (integer_) {
    step_int8(in);
  } else {
    step_fp16(in);
  }
}

void MacReference::step_int8(const MacOperandsIn& in) {
  const auto to_int8 = [](std::uint32_t v) { return static_cast<std::int8_t>(v); };
  const auto a = decode<std::int8_t>(in.a, to_int8);
  const auto b = decode<std::int8_t>(in.b, to_int8);
  for (int r = 0; r < m_; ++r) {
    for (int c = 0; c < n_; ++c) {
      auto& acc = acc_[static_cast<std::size_t>(r * n_ + c)];
      const std::int32_t base = in.first ? 0 : static_cast<std::int32_t>(acc);
      acc = static_cast<std::uint32_t>(mac_dot_int8_step(base, a[r], b[c]));
    }
  }
}

void MacReference::step_fp16(const MacOperandsIn& in) {
  const auto to_fp16 = [](std::uint32_t v) {
    return Fp16::from_bits(static_cast<std::uint16_t>(v));
  };
  const auto a = decode<Fp16>(in.a, to_fp16);
  const auto b = decode<Fp16>(in.b, to_fp16);
  for (int r = 0; r < m_; ++r) {
    for (int c = 0; c < n_; ++c) {
      auto& acc = acc_[static_cast<std::size_t>(r * n_ + c)];
      const Fp16 base = in.first ? Fp16{} : Fp16::from_bits(static_cast<std::uint16_t>(acc));
      acc = mac_dot_fp16_step(base, a[r], b[c]).bits();
    }
  }
}

}  // namespace lutsim::cycle_ref
