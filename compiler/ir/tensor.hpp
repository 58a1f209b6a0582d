#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/data_type.hpp"

namespace lutsim::ir {

// The value a node writes: dense, row-major, `shape` outermost first.
struct Tensor {
  std::vector<std::int64_t> shape;
  DataType dtype = DataType::kFp16;

  std::int64_t elements() const;
  bool operator==(const Tensor&) const = default;
};

// "2048x4096" ("scalar" for rank 0).
std::string shape_text(const std::vector<std::int64_t>& shape);
std::int64_t elements_of(const std::vector<std::int64_t>& shape);

}  // namespace lutsim::ir
