#pragma once
// The generic syntax of a Liberty (.lib) file: groups `type (args) { ... }`, simple
// attributes `name : value ;` and complex attributes `name (v1, v2, ...) ;`, with the line
// each starts on. It knows nothing about cells or tables (liberty_library.hpp does).

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lutsim::ppa {

// A Liberty file is malformed or lacks something the power model needs. The message
// names the source and line ("nangate45.lib:1234: expected ';' ...").
class LibertyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LibertyAttribute {
  std::string name;
  std::vector<std::string> values;  // one for `name : value`, the arguments otherwise
  bool complex = false;             // `name (a, b)` rather than `name : a`
  int line = 0;
};

struct LibertyGroup {
  std::string type;               // "library", "cell", "pin", "internal_power", ...
  std::vector<std::string> args;  // "(AND2_X1)" -> {"AND2_X1"}
  int line = 0;
  std::vector<LibertyAttribute> attributes;
  std::vector<LibertyGroup> groups;

  // The first simple attribute `name`, or nullptr.
  const LibertyAttribute* find_attribute(std::string_view name) const;
  // Its first value, or `fallback` when absent.
  std::string attribute_or(std::string_view name, const std::string& fallback) const;
};

// Parses the whole text (quotes removed from values, comments and backslash-newline
// continuations skipped). Throws LibertyError "<source>:<line>: ..." on a syntax error.
LibertyGroup parse_liberty_syntax(std::string_view text, const std::string& source_name);

}  // namespace lutsim::ppa
