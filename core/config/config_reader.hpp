#pragma once

#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_error.hpp"

namespace lutsim::config {

namespace detail {
struct Node;
struct DocumentState;

// The type Param::min/max hold: the element type for lists (bounds apply to
// every element), T itself otherwise.
template <class T>
struct RangeOf {
  using type = T;
};
template <class E>
struct RangeOf<std::vector<E>> {
  using type = E;
};
}  // namespace detail

// The value types ConfigReader::get supports.
template <class T>
concept ParamType = std::same_as<T, std::int64_t> || std::same_as<T, int> ||
    std::same_as<T, double> || std::same_as<T, bool> || std::same_as<T, std::string> ||
    std::same_as<T, std::vector<std::int64_t>> || std::same_as<T, std::vector<double>> ||
    std::same_as<T, std::vector<std::string>>;

// Declaration of one parameter, written where it is read:
//   reader.get<std::int64_t>("sm_count", {.description = "SMs per GPU", .min = 1});
// Misuse (min/max on a non-numeric type, `allowed` on a non-string type,
// min > max, a default that breaks its own constraints) is a programming error
// and throws std::logic_error, not ConfigError.
template <class T>
struct Param {
  std::string description{};
  std::string unit{};                // "" when dimensionless; "Hz", "bytes", "bytes/s", ...
  std::optional<T> default_value{};  // absent => the key is required
  std::optional<typename detail::RangeOf<T>::type> min{};  // inclusive; numeric types only
  std::optional<typename detail::RangeOf<T>::type> max{};  // inclusive; numeric types only
  std::vector<std::string> allowed{};  // std::string (or list of): the enum values
  // Lists only. A list names the distinct values a run covers, so an empty
  // list or a repeated value is a ConfigError; a tuple (e.g. a shape [m, n, k])
  // may repeat values, and its caller checks its length.
  bool tuple = false;
};

// One declared parameter or section, for --help style listings and docs.
struct ParamInfo {
  std::string path;  // dotted; list elements as "sweep.axes[].values"
  std::string type;  // "integer", "number", "bool", "string", "list of integers",
                     // "list of numbers", "list of strings", "section",
                     // "optional section", "list of sections"
  std::string unit;  // "" when dimensionless
  std::string description;
  std::string default_text;  // the default as YAML-like text, or "required"
  std::string range_text;    // ">= 1", "<= 8", "[1, 8]", "one of: a, b", or ""
};

// A view of one mapping inside a ConfigDocument, with its dotted path. Every
// get/section call declares a key (it becomes allowed for check_all_consumed),
// records a ParamInfo, and writes the value read (or its default) into the
// document's resolved() JSON. Readers point into their document: they stay
// valid while the document lives (moving the document is fine).
class ConfigReader {
 public:
  // The value at `key`, strictly typed: see config_reader.cpp for the rules.
  // `key` must be snake_case (else std::invalid_argument).
  // Missing required key, wrong type, out-of-range or non-allowed value ->
  // ConfigError with the value's location (the mapping's for a missing key).
  template <ParamType T>
  T get(std::string_view key, const Param<T>& param);

  // A required nested mapping.
  ConfigReader section(std::string_view key, std::string description);
  // A nested mapping that may be absent; an explicit null (`key: ~` or an
  // empty value) also means absent, so a config can drop a section it
  // inherited through `extends`. Absent sections are null in resolved().
  std::optional<ConfigReader> optional_section(std::string_view key, std::string description);
  // A required list of mappings; an empty one (`key: []`) is a ConfigError,
  // as for lists of values. Element readers have paths like "axes[1]".
  std::vector<ConfigReader> section_list(std::string_view key, std::string description);

  // Whether `key` is present in this mapping (even with an empty value).
  // Does not declare the key.
  bool has(std::string_view key) const;

  std::string path() const { return path_; }  // "" for the root
  SourceLocation location() const;            // where this mapping starts
  // Where the value of `key` is written; this mapping's location when absent.
  SourceLocation location_of(std::string_view key) const;
  // A ConfigError at location_of(key) with key path path()+"."+key, for
  // cross-field checks by callers: `throw reader.error("l2_bytes", "...")`.
  ConfigError error(std::string_view key, std::string message) const;

 private:
  friend class ConfigDocument;

  ConfigReader(detail::DocumentState* state, detail::Node* node, std::string path,
               std::string param_path, nlohmann::json::json_pointer json_at);

  std::string child_path(std::string_view key) const;
  std::string misspelling_hint(std::string_view key) const;
  // Declares `key` on this mapping and returns its value, or nullptr when absent.
  detail::Node* declare(std::string_view key);
  void record(std::string_view key, std::string type, std::string unit, std::string description,
              std::string default_text, std::string range_text);
  // A reader for the mapping `value` at `key`; ConfigError if it is not a mapping.
  ConfigReader open_mapping(std::string_view key, detail::Node& value,
                            const std::string& description);
  nlohmann::json& resolved_at(std::string_view key);

  detail::DocumentState* state_;
  detail::Node* node_;
  std::string path_;        // "sweep.axes[1]"
  std::string param_path_;  // "sweep.axes[]", the path ParamInfo uses
  nlohmann::json::json_pointer json_at_;
};

}  // namespace lutsim::config
