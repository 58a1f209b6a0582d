#include "ppa/flow/content_hash.hpp"

#include <cstdio>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {

void ContentHash::mix(std::string_view bytes) {
  constexpr std::uint64_t kPrime = 1099511628211ull;  // FNV-1a 64-bit prime
  for (const char c : bytes) {
    state_ ^= static_cast<unsigned char>(c);
    state_ *= kPrime;
  }
}

ContentHash& ContentHash::add(std::string_view bytes) {
  mix(std::to_string(bytes.size()));
  mix(":");
  mix(bytes);
  return *this;
}

ContentHash& ContentHash::add_file(const std::filesystem::path& file) {
  return add(read_text_file(file));
}

std::string ContentHash::hex() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(state_));
  return text;
}

}  // namespace lutsim::ppa
