#include "sim/reference/tile_scoreboard.hpp"

namespace lutsim::cycle_ref {
namespace {

std::string at(const char* what, int m, int n) {
  return std::string(what) + " (m " + std::to_string(m) + ", n " + std::to_string(n) + ")";
}

}  // namespace

TileScoreboard::TileScoreboard(const TileShape& shape) : shape_(shape), board_(shape.name()) {}

void TileScoreboard::check(std::uint64_t cycle, const TileReference& reference, bool out_valid,
                           const std::vector<std::uint32_t>& acc) {
  board_.check(cycle, "out_valid", out_valid ? 1u : 0u, reference.out_valid() ? 1u : 0u);
  const int n_count = shape_.geometry.n;
  for (int m = 0; m < shape_.geometry.m; ++m) {
    for (int n = 0; n < n_count; ++n) {
      const auto i = static_cast<std::size_t>(m * n_count + n);
      const std::uint32_t want = reference.acc()[i];
      board_.check(cycle, acc[i], want, [m, n] { return at("accumulator", m, n); });
      ++acc_checks_;
      if (!shape_.integer_tables) coverage_.count(static_cast<std::uint16_t>(want));
      if (!reference.result_due()) continue;
      board_.check(cycle, acc[i], shape_.acc_bits((*reference.result_due())(m, n)),
                   [m, n] { return at("result vs lut_mpgemm", m, n); });
      ++results_;
    }
  }
}

}  // namespace lutsim::cycle_ref
