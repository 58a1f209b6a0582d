#pragma once
// The contents of a sub-core's register file: one byte array per register
// class, sized to the registers a program uses. Timing (banks, ports) is the
// sub-core's; this holds the values.

#include <cstdint>
#include <span>
#include <vector>

#include "sim/systemc/subcore/decoded_program.hpp"

namespace lutsim::systemc {

class RegisterFile {
 public:
  // registers_per_class[c]: warp registers of class c (DecodedProgram's count).
  explicit RegisterFile(const std::vector<int>& registers_per_class);

  // The bytes of r.count registers from r.first (byte f of the fragment is
  // byte f mod 128 of register first + f / 128). Throws std::out_of_range
  // beyond the class's registers.
  std::span<std::uint8_t> fragment(const RegisterRange& r);
  std::span<const std::uint8_t> fragment(const RegisterRange& r) const;

 private:
  std::vector<std::vector<std::uint8_t>> bytes_;
};

}  // namespace lutsim::systemc
