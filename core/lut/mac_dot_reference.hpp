#pragma once

#include <cstdint>
#include <span>

#include "core/numerics/fp16.hpp"

namespace lutsim {

// Golden reference of a DP-K dot-product unit of the multiply-based (MAC)
// baseline: the numerics that rtl/mac_dot_unit.sv is held to, bit for bit.
//
// Canonical order, FP16 (binary16 operands, FP16 accumulator):
//   1. products p_i = fp16_mul(a_i, b_i), each rounded to binary16 (RNE);
//   2. a balanced binary adder tree of fp16_add, level by level: level 0 is
//      p_0 .. p_{K-1}; level l+1 node j = fp16_add(node 2j, node 2j+1) of level
//      l (pairs (0,1), (2,3), ...), every sum rounded; an odd last node of a
//      level passes through unchanged to the next level. The root is the dot
//      product d (K = 1: d = p_0);
//   3. acc <- fp16_add(acc, d), the accumulator starting from +0 for each dot
//      product (so a -0 first dot product gives +0, as +0 + -0 = +0).
// fp16_mul / fp16_add: round to nearest even, subnormals kept, overflow to
// infinity, canonical NaN 0x7E00 (core/numerics/fp16.hpp).
//
// INT8 (two's complement operands, INT32 accumulator): the products
// a_i * b_i are exact (16 bits) and so is their sum (|sum| <= K * 2^14, exact
// for K < 2^17); acc <- acc + sum WRAPS modulo 2^32 (two's complement), as
// the RTL accumulator does. mac_dot_int8_overflows tells whether a step
// overflowed, for callers that want the checked behaviour of lut_mpgemm.

// The tree root d for K = a.size() products. Throws std::invalid_argument if
// the spans differ in size or are empty.
Fp16 mac_dot_fp16(std::span<const Fp16> a, std::span<const Fp16> b);
// acc <- fp16_add(acc, mac_dot_fp16(a, b)).
Fp16 mac_dot_fp16_step(Fp16 acc, std::span<const Fp16> a, std::span<const Fp16> b);

// The exact sum of products. Throws std::invalid_argument if the spans differ
// in size, are empty, or have 2^17 or more elements.
std::int32_t mac_dot_int8(std::span<const std::int8_t> a, std::span<const std::int8_t> b);
// acc + mac_dot_int8(a, b), wrapping modulo 2^32.
std::int32_t mac_dot_int8_step(std::int32_t acc, std::span<const std::int8_t> a,
                               std::span<const std::int8_t> b);
// Whether acc + mac_dot_int8(a, b) leaves the INT32 range (the step wraps).
bool mac_dot_int8_overflows(std::int32_t acc, std::span<const std::int8_t> a,
                            std::span<const std::int8_t> b);

}  // namespace lutsim
