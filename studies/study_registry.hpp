#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/config/config_reader.hpp"
#include "studies/study.hpp"

namespace lutsim {

// Builds a study from the root of its config document; reads every key it
// uses (the caller checks that nothing else is there).
using StudyFactory =
    std::function<std::unique_ptr<Study>(config::ConfigReader& root, StudyContext& context)>;

// Studies by the name a config's `study:` key gives.
class StudyRegistry {
 public:
  // Throws std::logic_error if the name is taken.
  void add(std::string name, StudyFactory factory);

  // A class S with `static constexpr std::string_view kName` and a
  // constructor S(config::ConfigReader&, StudyContext&).
  template <class S>
  void add() {
    add(std::string(S::kName), [](config::ConfigReader& root, StudyContext& context) {
      return std::make_unique<S>(root, context);
    });
  }

  // Reads `study:` (one of names()) from root and builds that study.
  std::unique_ptr<Study> create(config::ConfigReader& root, StudyContext& context) const;

  std::vector<std::string> names() const;

 private:
  std::map<std::string, StudyFactory, std::less<>> factories_;
};

// Every study lutsim has.
const StudyRegistry& builtin_studies();

}  // namespace lutsim
