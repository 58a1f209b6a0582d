#pragma once
// What every lutsim fuzz target checks, whatever reader it drives: a reader
// given any bytes either returns or throws an error whose text starts with
// where the problem is (the input's file or display name, or a file the input
// pulled in), the way the CLI prints it as its one error line. Anything else
// -- a crash, a sanitizer report, a hang, an exception whose text does not
// say where the problem is (a bare "stoi", "[json.exception...]",
// "std::bad_alloc") -- is a finding: it is printed and the process aborts so
// that libFuzzer saves the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace lutsim::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void finding(std::string_view input_name, std::string_view what) {
  std::fprintf(stderr, "lutsim fuzz finding: reading '%.*s' threw an error that does not start with its source: %.*s\n",
               static_cast<int>(input_name.size()), input_name.data(), static_cast<int>(what.size()),
               what.data());
  std::abort();
}

// Whether an error text says where the problem is: it starts with the input's
// name (its location in the input follows), or with an existing file the input
// pulled in (a config it `extends`, a hardware config a study names).
inline bool names_a_source(std::string_view what, std::string_view input_name) {
  if (what.substr(0, input_name.size()) == input_name) return true;
  const auto colon = what.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  std::error_code ignored;
  return std::filesystem::is_regular_file(std::filesystem::path(what.substr(0, colon)), ignored);
}

// Runs `read()`; an exception is accepted only if its text names its source.
template <typename Read>
void expect_named_errors(std::string_view input_name, Read&& read) {
  try {
    read();
  } catch (const std::exception& e) {
    if (!names_a_source(e.what(), input_name)) finding(input_name, e.what());
  }
}

// The input as a file, for readers that take a path; one per process, in
// the temporary directory, removed when the process ends normally.
class InputFile {
 public:
  explicit InputFile(std::string_view stem_and_extension)
      : path_(std::filesystem::temp_directory_path() /
              ("lutsim_fuzz_" + std::to_string(::getpid()) + "_" + std::string(stem_and_extension))) {}
  ~InputFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::filesystem::path& write(std::string_view bytes) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) std::abort();  // the harness itself failed, not the reader
    return path_;
  }
  std::string name() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace lutsim::fuzz
