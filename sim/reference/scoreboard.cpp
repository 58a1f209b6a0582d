#include "sim/reference/scoreboard.hpp"

#include <cstdio>

#include "core/numerics/fp16.hpp"

namespace lutsim::cycle_ref {

Scoreboard::Scoreboard(std::string name, std::size_t reports_kept)
    : name_(std::move(name)), reports_kept_(reports_kept) {}

void Scoreboard::record(std::uint64_t cycle, const std::string& what, std::uint64_t got,
                        std::uint64_t want) {
  char values[64];
  std::snprintf(values, sizeof values, ": got 0x%08llx want 0x%08llx",
                static_cast<unsigned long long>(got), static_cast<unsigned long long>(want));
  reports_.push_back("MISMATCH " + name_ + " cycle " + std::to_string(cycle) + ": " + what +
                     values);
}

std::vector<std::string> Scoreboard::take_reports() {
  std::vector<std::string> taken;
  taken.swap(reports_);
  return taken;
}

void Fp16Coverage::count(std::uint16_t bits) {
  const Fp16 v = Fp16::from_bits(bits);
  nan += v.is_nan() ? 1 : 0;
  inf += v.is_inf() ? 1 : 0;
  subnormal += v.is_subnormal() ? 1 : 0;
  zero += v.is_zero() ? 1 : 0;
}

Fp16Coverage& Fp16Coverage::operator+=(const Fp16Coverage& other) {
  nan += other.nan;
  inf += other.inf;
  subnormal += other.subnormal;
  zero += other.zero;
  return *this;
}

std::string Fp16Coverage::text() const {
  return std::to_string(nan) + " NaN, " + std::to_string(inf) + " infinite, " +
         std::to_string(subnormal) + " subnormal, " + std::to_string(zero) + " zero";
}

}  // namespace lutsim::cycle_ref
