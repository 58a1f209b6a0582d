#include "core/config/config_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "core/config/config_tree.hpp"
#include "core/config/key_suggestion.hpp"

// Strict typing rules for ConfigReader::get. Only plain (unquoted) scalars
// are numbers or booleans, so `sm_count: "3"` is a type error rather than a
// silent conversion:
//   integer: decimal or 0x-hex with optional sign, or a float literal with an
//            integral value up to 2^53 (users write `freq_hz: 1.41e9`);
//   number:  a finite decimal number (no .inf/.nan, no trailing text);
//   bool:    exactly `true` or `false`;
//   string:  any scalar, quoted or not; with `allowed`, one of those values;
//   list:    a YAML sequence whose elements follow the rules above.

namespace lutsim::config {
namespace {

using detail::Node;
using detail::NodeKind;

constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

template <class T>
struct IsVector : std::false_type {};
template <class E>
struct IsVector<std::vector<E>> : std::true_type {};

template <class E>
constexpr bool kIsNumber = std::is_arithmetic_v<E> && !std::is_same_v<E, bool>;

// How messages and ParamInfo name a scalar type: {singular, plural, "expected ..."}.
struct TypeWords {
  std::string_view name;
  std::string_view plural;
  std::string_view expected;
};

template <class E>
constexpr TypeWords type_words() {
  if constexpr (std::is_same_v<E, bool>) {
    return {"bool", "bools", "true or false"};
  } else if constexpr (std::is_integral_v<E>) {
    return {"integer", "integers", "an integer"};
  } else if constexpr (std::is_floating_point_v<E>) {
    return {"number", "numbers", "a number"};
  } else {
    return {"string", "strings", "a string"};
  }
}

template <class T>
std::string type_name() {
  if constexpr (IsVector<T>::value) {
    return "list of " + std::string(type_words<typename T::value_type>().plural);
  } else {
    return std::string(type_words<T>().name);
  }
}

// " (a, b)" from the non-empty parts, or "" when all are empty.
std::string parenthesized(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view part : parts) {
    if (part.empty()) continue;
    text += text.empty() ? " (" : ", ";
    text += part;
  }
  return text.empty() ? text : text + ")";
}

ConfigError type_error(const Node& node, const std::string& path, std::string_view expected,
                       std::string_view unit, std::string_view note = {}) {
  std::string message = "expected " + std::string(expected) + parenthesized({unit}) + ", got " +
                        detail::describe_found(node) + parenthesized({note});
  return ConfigError(node.location, path, std::move(message));
}

// ---------------------------------------------------------------------------
// Text formatting of values (defaults, bounds).

std::string format_scalar(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}
std::string format_scalar(std::int64_t value) {
  return std::to_string(value);
}
std::string format_scalar(int value) {
  return std::to_string(value);
}
std::string format_scalar(bool value) {
  return value ? "true" : "false";
}
std::string format_scalar(const std::string& value) {
  return value.empty() ? "\"\"" : value;
}

template <class T>
std::string format_value(const T& value) {
  if constexpr (IsVector<T>::value) {
    std::string text = "[";
    for (std::size_t i = 0; i < value.size(); ++i) {
      text += (i == 0 ? "" : ", ") + format_scalar(value[i]);
    }
    return text + "]";
  } else {
    return format_scalar(value);
  }
}

std::string quoted_list(const std::vector<std::string>& values) {
  std::string text;
  for (const std::string& value : values) text += (text.empty() ? "'" : ", '") + value + "'";
  return text;
}

// ">= 1", "<= 8", "[1, 8]", "one of: a, b", or "".
template <class T>
std::string range_text(const Param<T>& param) {
  if (!param.allowed.empty()) {
    std::string text = "one of: ";
    for (std::size_t i = 0; i < param.allowed.size(); ++i) {
      text += (i == 0 ? "" : ", ") + param.allowed[i];
    }
    return text;
  }
  using E = typename detail::RangeOf<T>::type;
  if constexpr (kIsNumber<E>) {
    if (param.min && param.max) {
      return "[" + format_scalar(*param.min) + ", " + format_scalar(*param.max) + "]";
    }
    if (param.min) return ">= " + format_scalar(*param.min);
    if (param.max) return "<= " + format_scalar(*param.max);
  }
  return "";
}

// ---------------------------------------------------------------------------
// Scalar parsing.

// A finite decimal number, the whole text. nullopt otherwise.
std::optional<double> parse_finite_double(std::string_view text) {
  // from_chars accepts a leading '-' but not '+'.
  if (!text.empty() && text[0] == '+') {
    text.remove_prefix(1);
    if (!text.empty() && text[0] == '-') return std::nullopt;
  }
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// Decimal or 0x-hex integer with an optional sign, the whole text. nullopt
// when it is not integer syntax, or (with `overflow` set) does not fit int64.
std::optional<std::int64_t> parse_integer_literal(std::string_view text, bool& overflow) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty() || text[0] == '+' || text[0] == '-') return std::nullopt;
  std::uint64_t magnitude = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), magnitude, base);
  if (end != text.data() + text.size()) return std::nullopt;
  const std::uint64_t limit = (std::uint64_t{1} << 63) - (negative ? 0 : 1);
  if (error == std::errc::result_out_of_range || magnitude > limit) {
    overflow = true;
    return std::nullopt;
  }
  if (error != std::errc{}) return std::nullopt;
  return static_cast<std::int64_t>(negative ? 0 - magnitude : magnitude);
}

std::int64_t read_int64(const Node& node, const std::string& path, std::string_view unit) {
  constexpr std::string_view kExpected = "an integer";
  if (node.kind != NodeKind::kScalar || node.quoted) throw type_error(node, path, kExpected, unit);
  bool overflow = false;
  if (const auto value = parse_integer_literal(node.scalar, overflow)) return *value;
  if (overflow) throw type_error(node, path, kExpected, unit, "outside the 64-bit integer range");
  const std::optional<double> real = parse_finite_double(node.scalar);
  if (!real || std::trunc(*real) != *real) throw type_error(node, path, kExpected, unit);
  if (std::fabs(*real) > kMaxExactInteger) {
    throw type_error(node, path, kExpected, unit,
                     "too large to be exact as a floating-point literal; write all the digits");
  }
  return static_cast<std::int64_t>(*real);
}

int read_int(const Node& node, const std::string& path, std::string_view unit) {
  const std::int64_t value = read_int64(node, path, unit);
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  if (value < kMin || value > kMax) {
    throw ConfigError(node.location, path,
                      "value " + node.scalar + " is out of range: must be in [" +
                          std::to_string(kMin) + ", " + std::to_string(kMax) + "]");
  }
  return static_cast<int>(value);
}

double read_double(const Node& node, const std::string& path, std::string_view unit) {
  constexpr std::string_view kExpected = "a number";
  if (node.kind != NodeKind::kScalar || node.quoted) throw type_error(node, path, kExpected, unit);
  const std::optional<double> value = parse_finite_double(node.scalar);
  if (!value) throw type_error(node, path, kExpected, unit);
  return *value;
}

bool read_bool(const Node& node, const std::string& path) {
  const bool plain = node.kind == NodeKind::kScalar && !node.quoted;
  if (plain && node.scalar == "true") return true;
  if (plain && node.scalar == "false") return false;
  throw type_error(node, path, "true or false", "");
}

std::string read_string(const Node& node, const std::string& path, std::string_view unit) {
  if (node.kind != NodeKind::kScalar) throw type_error(node, path, "a string", unit);
  return node.scalar;
}

template <class E>
E read_scalar(const Node& node, const std::string& path, std::string_view unit) {
  if constexpr (std::is_same_v<E, std::int64_t>) return read_int64(node, path, unit);
  if constexpr (std::is_same_v<E, int>) return read_int(node, path, unit);
  if constexpr (std::is_same_v<E, double>) return read_double(node, path, unit);
  if constexpr (std::is_same_v<E, bool>) return read_bool(node, path);
  if constexpr (std::is_same_v<E, std::string>) return read_string(node, path, unit);
}

// ---------------------------------------------------------------------------
// Constraints.

// Why `value` (written as `written`) breaks the param's range or enum, or nullopt.
template <class T, class E>
std::optional<std::string> constraint_violation(const E& value, const Param<T>& param,
                                                const std::string& written) {
  if constexpr (std::is_same_v<E, std::string>) {
    const auto& allowed = param.allowed;
    if (allowed.empty() || std::find(allowed.begin(), allowed.end(), value) != allowed.end()) {
      return std::nullopt;
    }
    return "expected one of " + quoted_list(allowed) + ", got '" + value + "'";
  } else if constexpr (kIsNumber<E>) {
    const bool too_low = param.min && value < *param.min;
    const bool too_high = param.max && value > *param.max;
    if (!too_low && !too_high) return std::nullopt;
    const std::string_view in = param.min && param.max ? "in " : "";
    return "value " + written + " is out of range: must be " + std::string(in) + range_text(param);
  } else {
    return std::nullopt;
  }
}

// Programming errors in a declaration: std::logic_error.
template <class T>
void validate_param(std::string_view key, const Param<T>& param) {
  using E = typename detail::RangeOf<T>::type;
  const std::string where = "config parameter '" + std::string(key) + "': ";
  if constexpr (kIsNumber<E>) {
    if (param.min && param.max && *param.min > *param.max) {
      throw std::logic_error(where + "min > max");
    }
  } else if (param.min || param.max) {
    throw std::logic_error(where + "min/max need a numeric type");
  }
  if (!std::is_same_v<E, std::string> && !param.allowed.empty()) {
    throw std::logic_error(where + "allowed values need a string type");
  }
  if (!IsVector<T>::value && param.tuple) throw std::logic_error(where + "tuple needs a list type");
  if (!param.default_value) return;
  std::vector<E> defaults;
  if constexpr (IsVector<T>::value) {
    defaults = *param.default_value;
  } else {
    defaults.push_back(*param.default_value);
  }
  for (const E& value : defaults) {
    if (const auto problem = constraint_violation(value, param, format_scalar(value))) {
      throw std::logic_error(where + "default breaks its own constraints: " + *problem);
    }
  }
}

ConfigError empty_list_error(const Node& node, const std::string& path, const std::string& what) {
  return ConfigError(node.location, path, "an empty list: expected at least one " + what);
}

template <class E, class T>
E read_checked(const Node& node, const std::string& path, const Param<T>& param) {
  E value = read_scalar<E>(node, path, param.unit);
  if (const auto problem = constraint_violation(value, param, node.scalar)) {
    throw ConfigError(node.location, path, *problem);
  }
  return value;
}

template <class T>
T read_value(const Node& node, const std::string& path, const Param<T>& param) {
  if constexpr (IsVector<T>::value) {
    using E = typename T::value_type;
    if (node.kind != NodeKind::kSequence) {
      throw type_error(node, path, "a " + type_name<T>(), param.unit);
    }
    if (node.items.empty() && !param.tuple) throw empty_list_error(node, path, "value");
    T values;
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      const std::string item_path = path + "[" + std::to_string(i) + "]";
      values.push_back(read_checked<E>(node.items[i], item_path, param));
      const auto first = std::find(values.begin(), values.end() - 1, values.back());
      if (!param.tuple && first != values.end() - 1) {
        throw ConfigError(node.items[i].location, item_path,
                          "'" + node.items[i].scalar + "' repeats " + path + "[" +
                              std::to_string(first - values.begin()) +
                              "]: a list names distinct values");
      }
    }
    return values;
  } else {
    return read_checked<T>(node, path, param);
  }
}

}  // namespace

// ---------------------------------------------------------------------------

namespace {

using detail::MapEntry;

// "; is 'dram_byte' (line 13) a misspelling?" when an undeclared key of the
// mapping is close to a missing one, so a typo is not reported as a mere omission.
std::string misspelling_hint_in(const Node& mapping, std::string_view missing) {
  for (const MapEntry& e : mapping.entries) {
    if (e.consumed) continue;
    if (detail::closest_key(e.key, {std::string(missing)})) {
      return "; is '" + e.key + "' (line " + std::to_string(e.key_location.line) +
             ") a misspelling?";
    }
  }
  return "";
}

}  // namespace

std::string ConfigReader::misspelling_hint(std::string_view key) const {
  return misspelling_hint_in(*node_, key);
}

ConfigReader::ConfigReader(detail::DocumentState* state, detail::Node* node, std::string path,
                           std::string param_path, nlohmann::json::json_pointer json_at)
    : state_(state),
      node_(node),
      path_(std::move(path)),
      param_path_(std::move(param_path)),
      json_at_(std::move(json_at)) {}

template <ParamType T>
T ConfigReader::get(std::string_view key, const Param<T>& param) {
  validate_param(key, param);
  const Node* value_node = declare(key);
  record(key, type_name<T>(), param.unit, param.description,
         param.default_value ? format_value(*param.default_value) : "required", range_text(param));
  const std::string path = child_path(key);
  if (value_node == nullptr && !param.default_value) {
    throw ConfigError(location(), path,
                      "missing required key '" + std::string(key) + "'" +
                          parenthesized({param.description, param.unit}) + misspelling_hint(key));
  }
  T value = value_node != nullptr ? read_value(*value_node, path, param) : *param.default_value;
  resolved_at(key) = value;
  return value;
}

template std::int64_t ConfigReader::get(std::string_view, const Param<std::int64_t>&);
template int ConfigReader::get(std::string_view, const Param<int>&);
template double ConfigReader::get(std::string_view, const Param<double>&);
template bool ConfigReader::get(std::string_view, const Param<bool>&);
template std::string ConfigReader::get(std::string_view, const Param<std::string>&);
template std::vector<std::int64_t> ConfigReader::get(std::string_view,
                                                     const Param<std::vector<std::int64_t>>&);
template std::vector<double> ConfigReader::get(std::string_view, const Param<std::vector<double>>&);
template std::vector<std::string> ConfigReader::get(std::string_view,
                                                    const Param<std::vector<std::string>>&);

ConfigReader ConfigReader::section(std::string_view key, std::string description) {
  Node* value = declare(key);
  record(key, "section", "", description, "required", "");
  if (value == nullptr) {
    throw ConfigError(
        location(), child_path(key),
        "missing required section '" + std::string(key) + "'" + parenthesized({description}));
  }
  return open_mapping(key, *value, description);
}

std::optional<ConfigReader> ConfigReader::optional_section(std::string_view key,
                                                           std::string description) {
  Node* value = declare(key);
  record(key, "optional section", "", description, "absent", "");
  if (value == nullptr || value->kind == NodeKind::kNull) {
    resolved_at(key) = nullptr;
    return std::nullopt;
  }
  return open_mapping(key, *value, description);
}

std::vector<ConfigReader> ConfigReader::section_list(std::string_view key,
                                                     std::string description) {
  Node* value = declare(key);
  record(key, "list of sections", "", description, "required", "");
  const std::string path = child_path(key);
  if (value == nullptr) {
    throw ConfigError(
        location(), path,
        "missing required list '" + std::string(key) + "'" + parenthesized({description}));
  }
  if (value->kind != NodeKind::kSequence) {
    throw type_error(*value, path, "a list of mappings", description);
  }
  if (value->items.empty()) {
    throw empty_list_error(*value, path, "mapping" + parenthesized({description}));
  }
  nlohmann::json& slot = resolved_at(key);
  slot = nlohmann::json::array();
  std::vector<ConfigReader> readers;
  for (std::size_t i = 0; i < value->items.size(); ++i) {
    Node& item = value->items[i];
    const std::string item_path = path + "[" + std::to_string(i) + "]";
    if (item.kind != NodeKind::kMapping)
      throw type_error(item, item_path, "a mapping", description);
    slot.push_back(nlohmann::json::object());
    readers.push_back(ConfigReader(state_, &item, item_path,
                                   detail::join_key(param_path_, key) + "[]",
                                   json_at_ / std::string(key) / i));
  }
  return readers;
}

bool ConfigReader::has(std::string_view key) const {
  return detail::find_entry(*node_, key) != nullptr;
}

SourceLocation ConfigReader::location() const {
  return node_->location;
}

SourceLocation ConfigReader::location_of(std::string_view key) const {
  const detail::MapEntry* entry = detail::find_entry(*node_, key);
  return entry != nullptr ? entry->value.location : node_->location;
}

ConfigError ConfigReader::error(std::string_view key, std::string message) const {
  return ConfigError(location_of(key), child_path(key), std::move(message));
}

std::string ConfigReader::child_path(std::string_view key) const {
  return detail::join_key(path_, key);
}

Node* ConfigReader::declare(std::string_view key) {
  if (!detail::is_snake_case(key)) {
    throw std::invalid_argument("config key '" + std::string(key) + "' is not snake_case");
  }
  std::vector<std::string>& declared = node_->declared_keys;
  if (std::find(declared.begin(), declared.end(), key) == declared.end()) {
    declared.emplace_back(key);
  }
  detail::MapEntry* entry = detail::find_entry(*node_, key);
  if (entry == nullptr) return nullptr;
  entry->consumed = true;
  return &entry->value;
}

void ConfigReader::record(std::string_view key, std::string type, std::string unit,
                          std::string description, std::string default_text,
                          std::string range_text) {
  std::string path = detail::join_key(param_path_, key);
  std::vector<ParamInfo>& params = state_->params;
  const auto same = [&](const ParamInfo& info) { return info.path == path; };
  if (std::any_of(params.begin(), params.end(), same)) return;  // list elements repeat
  params.push_back({std::move(path), std::move(type), std::move(unit), std::move(description),
                    std::move(default_text), std::move(range_text)});
}

ConfigReader ConfigReader::open_mapping(std::string_view key, detail::Node& value,
                                        const std::string& description) {
  const std::string path = child_path(key);
  if (value.kind != NodeKind::kMapping) throw type_error(value, path, "a mapping", description);
  nlohmann::json& slot = resolved_at(key);
  if (!slot.is_object()) slot = nlohmann::json::object();
  return ConfigReader(state_, &value, path, detail::join_key(param_path_, key),
                      json_at_ / std::string(key));
}

nlohmann::json& ConfigReader::resolved_at(std::string_view key) {
  return state_->resolved[json_at_ / std::string(key)];
}

}  // namespace lutsim::config
