#pragma once

#include <filesystem>
#include <string>

#include "core/io/result_table.hpp"

namespace lutsim {

// The folder that holds the files of one run, made visible all together or
// not at all. The run writes into a staging folder beside the result folder
// (<dir>.tmp.<pid>); commit() adds a manifest (kRunManifest: the command and
// every file with its size) and puts the staging folder in the result
// folder's place with one rename (an atomic exchange where the file system
// has one). Readers and concurrent runs into the same folder therefore see
// the previous complete set, the new complete set, or (before the first run
// ends) no folder: never files of two runs, never half a run, whatever kills
// the process when. Temporaries of runs that died are removed.
//
// A run replaces the whole folder, so it refuses to replace one holding
// anything but the files it writes itself and those a previous run of the
// same command wrote (as its manifest lists them): a file someone added, or
// another command's results, are never deleted.
class ResultDirectory {
 public:
  static constexpr const char* kRunManifest = "lutsim_run.json";

  // `command` names the kind of run ("gemm", "ppa", ...) in the manifest.
  ResultDirectory(std::filesystem::path dir, std::string command);
  ~ResultDirectory();  // an uncommitted run's staging folder is removed
  ResultDirectory(const ResultDirectory&) = delete;
  ResultDirectory& operator=(const ResultDirectory&) = delete;

  // Where the run writes until commit().
  const std::filesystem::path& staging() const { return staging_; }
  // Where `staged` (a path inside staging()) lies once committed.
  std::filesystem::path committed_path(const std::filesystem::path& staged) const;

  // Writes <stem>.json and <stem>.csv into the staging folder; returns the
  // paths they will have once committed.
  WrittenFiles write_table(const std::string& stem, const ResultTable& table,
                           const RunRecord& record);

  // Keeps `file`, a file in the result folder that the run updated in place
  // (a sweep's results store), in the committed folder: it is hard-linked
  // into the staging folder, so the previous folder holds it until commit()
  // and the committed one after. Throws std::runtime_error when `file` is not
  // a file in the result folder or cannot be linked.
  void keep(const std::filesystem::path& file);

  // Writes the manifest and moves the staging folder into place. Throws
  // std::runtime_error naming the folder and the reason when it cannot (the
  // previous folder is then untouched).
  void commit();

 private:
  std::filesystem::path dir_;
  std::filesystem::path staging_;
  std::string command_;
  bool committed_ = false;
};

}  // namespace lutsim
