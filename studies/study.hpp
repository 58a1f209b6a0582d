#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/result_table.hpp"

namespace lutsim {

class HardwareConfigs;
namespace config {
class ConfigFiles;
}

// A table a study produced, written as <dir>/<stem>.csv and <stem>.json.
struct StudyTable {
  std::string stem;
  ResultTable table;
};

// What a study's run returns. The resolved configs it used are recorded by
// whoever loaded it (see load_study), not here.
struct StudyResult {
  std::vector<StudyTable> tables{};
  std::optional<ResultTable> summary{};  // what a person reads; tables[0] when absent
  std::string report{};                  // lines for people after the table, may be empty
  nlohmann::json record_notes = nlohmann::json::object();  // added to the recorded config
  // record_notes' members the study holds as text already (the member's
  // dump(), e.g. a pricing record a sweep's points share): the stored config
  // of a sweep point is written without dumping them again.
  std::map<std::string, std::string> record_note_texts{};
  // Headline figures of the run, units in their keys (e.g. forward_pass_ms):
  // what --json gives scripts besides the tables.
  nlohmann::json totals = nlohmann::json::object();
};

// Called after each unit of work: done of total, and what a unit is.
using StudyProgress =
    std::function<void(std::size_t done, std::size_t total, std::string_view unit)>;

// What a study may use while it reads its spec: where hardware and model
// configs live, the hardware configs (resolved up front, overridable), and the
// parsed config files of the run (a sweep parses each file once). A study
// reads every config file it needs while it is constructed, not in run(), and
// keeps no reference to the context.
struct StudyContext {
  std::filesystem::path configs_dir;
  HardwareConfigs& hardware;
  config::ConfigFiles& files;
};

// A runnable job: constructed from its own spec (read strictly from a config
// document, see StudyRegistry), it runs and returns tables with units.
// Concrete studies live in studies/<name>/ and register under the name their
// configs give as `study:`. run() of distinct instances may run at the same
// time on different threads (lutsim sweep --jobs): a study keeps no mutable
// state shared between instances (no mutable statics).
class Study {
 public:
  virtual ~Study() = default;

  // One line for people saying what run() will do ("4 models x 2 scenarios").
  virtual std::string plan() const = 0;
  virtual StudyResult run(const StudyProgress& progress) const = 0;
};

}  // namespace lutsim
