#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/passes/pass.hpp"

namespace lutsim::compiler {

// Passes by the name pass lists use.
class PassRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Pass>()>;

  // std::logic_error when `name` is registered already.
  void add(std::string name, std::string description, Factory factory);
  // std::invalid_argument "unknown pass 'x' (known passes: a, b)".
  std::unique_ptr<Pass> make(std::string_view name) const;
  std::vector<std::string> names() const;  // sorted
  const std::string& description(std::string_view name) const;

  // The passes of compiler/passes, each registered by its kName.
  static const PassRegistry& builtin();

 private:
  struct Entry {
    std::string description;
    Factory factory;
  };
  const Entry& entry(std::string_view name) const;

  std::map<std::string, Entry, std::less<>> entries_;
};

}  // namespace lutsim::compiler
