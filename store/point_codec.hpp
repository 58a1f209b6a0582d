#pragma once

#include <cstdint>
#include <vector>

#include "store/results_store.hpp"

namespace lutsim::store {

// A point as bytes (MessagePack) for sending between processes (lutsim sweep
// under mpirun), and back: every field and cell type kept, doubles exact (NaN
// included). decode_point throws std::runtime_error on bytes that encode_point
// did not write.
std::vector<std::uint8_t> encode_point(const StoredPoint& point);
StoredPoint decode_point(const std::vector<std::uint8_t>& bytes);

}  // namespace lutsim::store
