#include "core/config/output_name.hpp"

#include <algorithm>

namespace lutsim::config {
namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

}  // namespace

std::string get_output_name(ConfigReader& reader, std::string_view key,
                            const Param<std::string>& param) {
  std::string name = reader.get<std::string>(key, param);
  const bool valid = !name.empty() && name.size() <= kMaxOutputNameLength && name.front() != '.' &&
                     std::all_of(name.begin(), name.end(), name_char);
  if (!valid) {
    throw reader.error(key, "'" + name + "' names an output folder: expected 1 to " +
                                std::to_string(kMaxOutputNameLength) +
                                " letters, digits, '_', '-' or '.', not starting with '.'");
  }
  return name;
}

}  // namespace lutsim::config
