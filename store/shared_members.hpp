#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lutsim::store {

// A point's config text split for the store: the members whose value texts
// are long (a resolved hardware config, an energy pricing; the points of a
// sweep share a few of them) apart, each kept once per store, and the rest.
struct SplitConfig {
  std::string rest;  // the object without the shared members, as JSON text
  // (name, value text) of each shared member, in the object's order.
  std::vector<std::pair<std::string, std::string_view>> shared;
};

// Members of a value text this long or longer are kept apart.
constexpr std::size_t kSharedMemberBytes = 256;

// Splits the JSON text of an object (a resolved config as the store writes
// it: valid JSON, member names without escapes) into its members whose value
// texts are at least `min_bytes` long and the object without them; the views
// point into `object_text`. Throws std::invalid_argument when the text is
// not a JSON object.
SplitConfig split_shared_members(std::string_view object_text,
                                 std::size_t min_bytes = kSharedMemberBytes);

}  // namespace lutsim::store
