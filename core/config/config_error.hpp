#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace lutsim::config {

// A position in a config source. `file` is the display name: a path as given
// to the loader, the name given to load_string() for embedded configs, or
// "--set <assignment>" for a command-line override. line/column are 1-based;
// line == 0 means the position is unknown (e.g. a file that cannot be read).
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

// "<file>:<line>:<column>", or just "<file>" when the line is unknown.
inline std::string to_string(const SourceLocation& where) {
  if (where.line == 0) return where.file;
  return where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

// Every user-facing config problem: bad file, bad YAML, unknown/missing key,
// wrong type, out-of-range value, bad --set. what() reads
// "<file>:<line>:<column>: <key_path>: <message>", without ":<line>:<column>"
// when the line is unknown and without "<key_path>: " when the path is empty.
// Key paths are dotted with list indices in brackets: "sweep.axes[1].values".
class ConfigError : public std::runtime_error {
 public:
  ConfigError(SourceLocation where, std::string key_path, std::string message)
      : std::runtime_error(format(where, key_path, message)),
        where_(std::move(where)),
        key_path_(std::move(key_path)),
        message_(std::move(message)) {}

  const SourceLocation& where() const { return where_; }
  const std::string& key_path() const { return key_path_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const SourceLocation& where, const std::string& key_path,
                            const std::string& message) {
    std::string text = to_string(where) + ": ";
    if (!key_path.empty()) text += key_path + ": ";
    return text + message;
  }

  SourceLocation where_;
  std::string key_path_;
  std::string message_;
};

}  // namespace lutsim::config
