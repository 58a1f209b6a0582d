#include "core/io/result_directory.hpp"

#include <fcntl.h>
#include <stdio.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/io/atomic_file.hpp"
#include "core/io/temporary_path.hpp"
#include "core/io/text_file.hpp"

namespace lutsim {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(const fs::path& dir, const std::string& why) {
  throw std::runtime_error("cannot write results to " + dir.string() + ": " + why);
}

// `dir` as a folder name that can be renamed: no trailing separator, and
// absolute when it ends in "." or "..".
fs::path result_folder(const fs::path& dir) {
  fs::path d = dir.lexically_normal();
  if (!d.has_filename()) d = d.parent_path();
  if (d.empty() || d.filename() == "." || d.filename() == "..") {
    d = fs::absolute(d).lexically_normal();
    if (!d.has_filename()) d = d.parent_path();
  }
  if (!d.has_filename() || d == d.root_path()) fail(dir, "not a folder a run can replace");
  return d;
}

int rename_flags(const fs::path& from, const fs::path& to, unsigned flags) {
  return ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags);
}

std::string rename_failure() {
  if (errno == EINVAL) return "the file system cannot rename folders atomically (renameat2)";
  return std::strerror(errno);
}

// Every regular file under `staging` with its size, by name.
nlohmann::json manifest(const fs::path& staging, const std::string& command) {
  std::vector<fs::path> names;
  for (const auto& entry : fs::recursive_directory_iterator(staging)) {
    if (entry.is_regular_file()) names.push_back(entry.path().lexically_relative(staging));
  }
  std::sort(names.begin(), names.end());
  nlohmann::json files = nlohmann::json::array();
  for (const fs::path& n : names) {
    files.push_back({{"name", n.generic_string()}, {"bytes", fs::file_size(staging / n)}});
  }
  return {{"tool", "lutsim"}, {"command", command}, {"files", files}};
}

// What the manifest in `dir` says: the command of the run that wrote the
// folder and the top-level names it wrote ("" and none without a manifest).
struct PreviousRun {
  std::string command;
  std::set<std::string> names;
};

PreviousRun previous_run(const fs::path& dir) {
  PreviousRun run;
  std::error_code ec;
  if (!fs::exists(dir / ResultDirectory::kRunManifest, ec)) return run;
  const auto j = nlohmann::json::parse(read_text_file(dir / ResultDirectory::kRunManifest), nullptr,
                                       /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("command") || !j["command"].is_string()) return run;
  run.command = j["command"].get<std::string>();
  run.names.insert(ResultDirectory::kRunManifest);
  for (const auto& f : j.value("files", nlohmann::json::array())) {
    if (f.is_object() && f.contains("name") && f["name"].is_string()) {
      run.names.insert(fs::path(f["name"].get<std::string>()).begin()->string());
    }
  }
  return run;
}

// Why the existing `dir` may not be replaced by the run staged in `staging`,
// or "" when it may: it holds nothing but files this run writes and files a
// previous run of the same command wrote.
std::string replace_refusal(const fs::path& dir, const fs::path& staging,
                            const std::string& command) {
  if (!fs::is_directory(dir)) return "it exists and is not a folder";
  const PreviousRun previous = previous_run(dir);
  if (!previous.command.empty() && previous.command != command) {
    return "it holds the results of a `lutsim " + previous.command + "` run";
  }
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!previous.names.count(name) && !fs::exists(staging / name)) {
      return "it holds " + name + ", which this run does not write";
    }
  }
  return "";
}

}  // namespace

ResultDirectory::ResultDirectory(fs::path dir, std::string command)
    : dir_(result_folder(dir)), staging_(temporary_path(dir_)), command_(std::move(command)) {
  std::error_code ec;
  if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec)) fail(dir_, "not a folder");
  if (dir_.has_parent_path()) fs::create_directories(dir_.parent_path(), ec);
  if (ec) fail(dir_, ec.message());
  remove_stale_temporaries(dir_);
  fs::remove_all(staging_, ec);
  if (!fs::create_directory(staging_, ec)) {
    fail(dir_, "cannot create " + staging_.string() + (ec ? ": " + ec.message() : ""));
  }
}

ResultDirectory::~ResultDirectory() {
  std::error_code ignored;
  if (!committed_) fs::remove_all(staging_, ignored);
}

fs::path ResultDirectory::committed_path(const fs::path& staged) const {
  return dir_ / staged.lexically_relative(staging_);
}

WrittenFiles ResultDirectory::write_table(const std::string& stem, const ResultTable& table,
                                          const RunRecord& record) {
  write_file_atomically(staging_ / (stem + ".json"), to_json(table, record).dump(2) + "\n");
  write_file_atomically(staging_ / (stem + ".csv"), to_csv(table, record));
  return {dir_ / (stem + ".json"), dir_ / (stem + ".csv")};
}

void ResultDirectory::keep(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || !fs::equivalent(fs::absolute(file).parent_path(), dir_, ec)) {
    fail(dir_, file.string() + " is not a file in the folder, so it cannot be kept");
  }
  fs::create_hard_link(file, staging_ / file.filename(), ec);
  if (ec) fail(dir_, "cannot keep " + file.string() + ": " + ec.message());
}

void ResultDirectory::commit() {
  write_file_atomically(staging_ / kRunManifest, manifest(staging_, command_).dump(2) + "\n");
  // A first run renames into an absent folder; later ones exchange the two
  // folders, so the previous set lands in staging_ and is removed. Another
  // run may exchange in between: then try again.
  for (;;) {
    if (rename_flags(staging_, dir_, RENAME_NOREPLACE) == 0) break;
    if (errno != EEXIST) fail(dir_, rename_failure());
    if (const std::string why = replace_refusal(dir_, staging_, command_); !why.empty()) {
      fail(dir_, why +
                     "; a run replaces its whole result folder, so choose a new or empty "
                     "output folder, or remove this one");
    }
    if (rename_flags(staging_, dir_, RENAME_EXCHANGE) == 0) break;
    if (errno != ENOENT) fail(dir_, rename_failure());
  }
  committed_ = true;
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
}

}  // namespace lutsim
