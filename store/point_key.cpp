#include "store/point_key.hpp"

#include <openssl/evp.h>

#include <array>
#include <stdexcept>

namespace lutsim::store {

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xf];
  }
  return out;
}

std::string point_key(const nlohmann::json& resolved_config, std::string_view git_revision) {
  return point_key_of_text(resolved_config.dump(), git_revision);
}

std::string point_key_of_text(std::string_view resolved_config_json, std::string_view git_revision) {
  std::string text;
  text.reserve(resolved_config_json.size() + 1 + git_revision.size());
  text += resolved_config_json;
  text += '\0';
  text += git_revision;
  return sha256_hex(text);
}

}  // namespace lutsim::store
