#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace lutsim::store {

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

// The key of a sweep point in a results store: SHA-256 of the point's fully
// resolved config as canonical JSON (nlohmann's dump: object keys sorted, no
// spaces, numbers printed so they read back exactly), a NUL, and the git
// revision that runs it. Equal configs run by equal revisions share a key.
std::string point_key(const nlohmann::json& resolved_config, std::string_view git_revision);
// The same from the config's canonical JSON text (resolved_config.dump()).
std::string point_key_of_text(std::string_view resolved_config_json, std::string_view git_revision);

}  // namespace lutsim::store
