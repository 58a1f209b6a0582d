#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim::config::detail {

// Optimal string alignment distance: insertions, deletions, substitutions
// and swaps of adjacent characters ("dtpye" -> "dtype") each cost 1.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to a misspelt key, when close enough to be a typo
// (distance 1, or 2 for keys of 6+ characters); the first on ties.
std::optional<std::string> closest_key(std::string_view key,
                                       const std::vector<std::string>& candidates);

}  // namespace lutsim::config::detail
