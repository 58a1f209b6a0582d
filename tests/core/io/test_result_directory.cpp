#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/io/atomic_file.hpp"
#include "core/io/result_directory.hpp"
#include "core/io/temporary_path.hpp"
#include "core/io/text_file.hpp"

using namespace lutsim;
namespace fs = std::filesystem;

namespace {

ResultTable one_row(std::int64_t value) {
  ResultTable t({{"value", "1", "a value"}});
  t.add_row({value});
  return t;
}

const RunRecord kRecord{"test", nlohmann::json::object(), "abc123", "2026-01-01T00:00:00Z"};

// A run of `command` that writes one table `stem` holding `value` into `dir`.
void run_into(const fs::path& dir, const std::string& command, std::int64_t value,
              const std::string& stem = "t") {
  ResultDirectory out(dir, command);
  out.write_table(stem, one_row(value), kRecord);
  out.commit();
}

std::int64_t value_in(const fs::path& json) {
  return nlohmann::json::parse(read_text_file(json))["rows"][0]["value"].get<std::int64_t>();
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A folder for one test case, removed afterwards.
struct Scratch {
  explicit Scratch(const std::string& name)
      : root(fs::temp_directory_path() /
             ("lutsim_test_result_dir_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~Scratch() { fs::remove_all(root); }
  fs::path root;
};

// The id of a process that has ended.
pid_t ended_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

}  // namespace

TEST_CASE("a run's files appear together, with a manifest, only on commit", "[io]") {
  Scratch s("commit");
  const fs::path dir = s.root / "run";
  {
    ResultDirectory out(dir, "gemm");
    const WrittenFiles files = out.write_table("gemm", one_row(7), kRecord);
    CHECK(files.json == dir / "gemm.json");
    CHECK(files.csv == dir / "gemm.csv");
    CHECK_FALSE(fs::exists(dir));  // nothing visible before commit
    CHECK(fs::exists(out.staging() / "gemm.csv"));
    CHECK(out.committed_path(out.staging() / "x.png") == dir / "x.png");
    out.commit();
  }
  CHECK(names_in(s.root) == std::vector<std::string>{"run"});  // no staging folder left
  CHECK(names_in(dir) == std::vector<std::string>{"gemm.csv", "gemm.json", "lutsim_run.json"});
  const auto manifest = nlohmann::json::parse(read_text_file(dir / "lutsim_run.json"));
  CHECK(manifest["command"] == "gemm");
  REQUIRE(manifest["files"].size() == 2);
  CHECK(manifest["files"][0]["name"] == "gemm.csv");
  CHECK(manifest["files"][0]["bytes"] == fs::file_size(dir / "gemm.csv"));
  CHECK(manifest["files"][1]["name"] == "gemm.json");
}

TEST_CASE("a run that is not committed leaves the previous results untouched", "[io]") {
  Scratch s("abandon");
  const fs::path dir = s.root / "run";
  run_into(dir, "gemm", 1);
  {
    ResultDirectory out(dir, "gemm");
    out.write_table("t", one_row(2), kRecord);
  }  // e.g. an exception between the writes
  CHECK(value_in(dir / "t.json") == 1);
  CHECK(names_in(s.root) == std::vector<std::string>{"run"});
}

TEST_CASE("a later run of the same command replaces the whole folder", "[io]") {
  Scratch s("replace");
  const fs::path dir = s.root / "run";
  run_into(dir, "gemm", 1, "old_stem");
  run_into(dir, "gemm", 2, "t");
  CHECK(names_in(dir) == std::vector<std::string>{"lutsim_run.json", "t.csv", "t.json"});
  CHECK(value_in(dir / "t.json") == 2);
  CHECK(names_in(s.root) == std::vector<std::string>{"run"});
}

TEST_CASE("a folder holding files a run would lose is refused and kept", "[io]") {
  Scratch s("refuse");
  const fs::path dir = s.root / "run";
  SECTION("a file added to a previous run's results") {
    run_into(dir, "gemm", 1);
    write_file_atomically(dir / "notes.txt", "mine");
    CHECK_THROWS_WITH(run_into(dir, "gemm", 2),
                      Catch::Contains("it holds notes.txt, which this run does not write"));
    CHECK(read_text_file(dir / "notes.txt") == "mine");
    CHECK(value_in(dir / "t.json") == 1);
  }
  SECTION("a file lutsim did not write") {
    write_file_atomically(dir / "notes.txt", "mine");
    CHECK_THROWS_WITH(run_into(dir, "gemm", 1),
                      "cannot write results to " + dir.string() +
                          ": it holds notes.txt, which this run does not write; a run replaces "
                          "its whole result folder, so choose a new or empty output folder, or "
                          "remove this one");
    CHECK(read_text_file(dir / "notes.txt") == "mine");
    CHECK(names_in(dir) == std::vector<std::string>{"notes.txt"});
  }
  SECTION("another command's results") {
    run_into(dir, "model", 1);
    CHECK_THROWS_WITH(run_into(dir, "gemm", 2),
                      Catch::Contains("it holds the results of a `lutsim model` run"));
    CHECK(value_in(dir / "t.json") == 1);
  }
  SECTION("a file where the folder should be") {
    write_file_atomically(dir, "x");
    CHECK_THROWS_WITH(run_into(dir, "gemm", 1),
                      "cannot write results to " + dir.string() + ": not a folder");
  }
  CHECK(names_in(s.root) == std::vector<std::string>{"run"});
}

TEST_CASE("an empty folder, or one holding only the files the run writes, is replaced", "[io]") {
  Scratch s("legacy");
  const fs::path dir = s.root / "run";
  fs::create_directories(dir);
  run_into(dir, "gemm", 1);
  fs::remove(dir / ResultDirectory::kRunManifest);  // as written before manifests existed
  run_into(dir, "model", 2);
  CHECK(value_in(dir / "t.json") == 2);
}

TEST_CASE("temporaries of ended processes are removed, live ones kept", "[io]") {
  Scratch s("stale");
  const fs::path dir = s.root / "run";
  const fs::path dead = dir.string() + ".tmp." + std::to_string(ended_pid());
  const fs::path live = dir.string() + ".tmp." + std::to_string(::getppid());
  const fs::path other = dir.string() + ".tmp.notapid";
  for (const fs::path& p : {dead, live, other}) write_file_atomically(p / "gemm.csv", "partial");
  run_into(dir, "gemm", 1);
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(live));
  CHECK(fs::exists(other));
  CHECK(temporary_path(dir) == fs::path(dir.string() + ".tmp." + std::to_string(::getpid())));

  const fs::path file = s.root / "single.csv";
  const fs::path dead_file = file.string() + ".tmp." + std::to_string(ended_pid());
  write_file_atomically(dead_file, "partial");
  write_file_atomically(file, "whole");
  CHECK_FALSE(fs::exists(dead_file));
}

TEST_CASE("a file the run updated in place is kept across the folder's replacement", "[io]") {
  Scratch s("keep");
  const fs::path dir = s.root / "sweep";
  fs::create_directories(dir);
  write_file_atomically(dir / "store.sqlite", "first");  // no run has committed yet
  {
    ResultDirectory out(dir, "sweep");
    out.write_table("t", one_row(1), kRecord);
    out.keep(dir / "store.sqlite");
    CHECK(read_text_file(dir / "store.sqlite") == "first");  // still in place before commit
    out.commit();
  }
  CHECK(names_in(dir) == std::vector<std::string>{"lutsim_run.json", "store.sqlite", "t.csv", "t.json"});
  write_file_atomically(dir / "store.sqlite", "second");
  ResultDirectory again(dir, "sweep");
  again.write_table("t", one_row(2), kRecord);
  again.keep(dir / "store.sqlite");
  again.commit();
  CHECK(read_text_file(dir / "store.sqlite") == "second");
  CHECK(value_in(dir / "t.json") == 2);

  write_file_atomically(s.root / "elsewhere.sqlite", "x");
  ResultDirectory third(dir, "sweep");
  CHECK_THROWS_WITH(third.keep(s.root / "elsewhere.sqlite"),
                    Catch::Contains("elsewhere.sqlite is not a file in the folder"));
}
