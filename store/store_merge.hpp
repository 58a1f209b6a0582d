#pragma once

#include <cstddef>
#include <set>
#include <string>

#include "store/results_store.hpp"

namespace lutsim::store {

struct MergeCounts {
  std::size_t added = 0;    // points new to the target
  std::size_t present = 0;  // points the target held already, with equal results
  std::set<std::string> git_revisions;  // that ran the source's points
};

// Adds every point of `from` to `into` (one transaction per point) and records
// the merge in `into`. Points of any revision are taken; a point whose key
// `into` holds with other results is an error naming both files. The stores
// must hold sweeps over the same axes.
MergeCounts merge_store(ResultsStore& into, ResultsStore& from);

}  // namespace lutsim::store
