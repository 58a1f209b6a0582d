#pragma once
// A stable content hash (64-bit FNV-1a) for cache keys: the same inputs give the
// same key in every process, build and run (unlike std::hash).

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace lutsim::ppa {

class ContentHash {
 public:
  // Adds the bytes, then a separator, so ("ab", "c") and ("a", "bc") differ.
  ContentHash& add(std::string_view bytes);
  ContentHash& add(long long value) { return add(std::to_string(value)); }
  // Adds a file's contents; throws std::runtime_error if it cannot be read.
  ContentHash& add_file(const std::filesystem::path& file);
  std::uint64_t value() const { return state_; }
  std::string hex() const;  // 16 lowercase hex digits

 private:
  void mix(std::string_view bytes);
  std::uint64_t state_ = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
};

}  // namespace lutsim::ppa
