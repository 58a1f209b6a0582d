#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "core/io/atomic_file.hpp"
#include "core/io/text_file.hpp"

using namespace lutsim;

namespace {

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace

TEST_CASE("read_text_file returns every byte of the file", "[io]") {
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_text_file";
  std::filesystem::remove_all(dir);
  const std::string bytes("a\r\nb\0c\n\xff", 8);
  write_file_atomically(dir / "f.bin", bytes);
  CHECK(read_text_file(dir / "f.bin") == bytes);
  write_file_atomically(dir / "empty", "");
  CHECK(read_text_file(dir / "empty").empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("read_text_file names the path and the reason it cannot read", "[io]") {
  const std::filesystem::path missing = "tests/core/io/no_such_file.txt";
  CHECK_THROWS_WITH(read_text_file(missing),
                    "cannot read tests/core/io/no_such_file.txt: No such file or directory");
  CHECK_THROWS_WITH(read_text_file("tests/core/io"), "cannot read tests/core/io: Is a directory");
  try {
    read_text_file(missing);
    FAIL("no error");
  } catch (const FileReadError& e) {
    CHECK(e.path() == missing);
    CHECK(e.reason() == "No such file or directory");
  }
}

TEST_CASE("read_text_file refuses what is not a regular file instead of blocking", "[io]") {
  // Issue 16: a FIFO as a config blocked, /dev/zero ate memory.
  const auto dir = std::filesystem::temp_directory_path() / "lutsim_test_text_file_fifo";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK_THROWS_WITH(
      read_text_file(dir / "fifo"),
      "cannot read " + (dir / "fifo").string() + ": not a regular file (a FIFO, device or socket)");
  CHECK_THROWS_WITH(read_text_file("/dev/zero"),
                    "cannot read /dev/zero: not a regular file (a FIFO, device or socket)");
  std::filesystem::remove_all(dir);
}

TEST_CASE("read_text_file throws a reader's own error type when given one", "[io]") {
  const auto as_parse_error = [](const FileReadError& e) {
    return ParseError(e.path().string() + ": " + e.reason());
  };
  CHECK_THROWS_AS(read_text_file("tests/core/io/no_such_file.txt", as_parse_error), ParseError);
  CHECK_THROWS_WITH(read_text_file("tests/core/io", as_parse_error),
                    "tests/core/io: Is a directory");
}
