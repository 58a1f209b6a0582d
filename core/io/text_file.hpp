#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace lutsim {

// A whole file that could not be read: names the path and the OS reason
// ("No such file or directory", "Is a directory", ...).
class FileReadError : public std::runtime_error {
 public:
  FileReadError(std::filesystem::path path, std::string reason);
  const std::filesystem::path& path() const { return path_; }
  const std::string& reason() const { return reason_; }

 private:
  std::filesystem::path path_;
  std::string reason_;
};

// The most bytes one input file may hold (1 GiB): hundreds of times the
// largest config, trace, measurement, liberty or netlist file lutsim reads,
// and well below the memory of a host that runs it.
inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t{1} << 30;

// The bytes of a whole file, unchanged (binary read). Throws FileReadError
// ("cannot read <path>: <reason>") when the path is missing, is a directory,
// is not a regular file (a FIFO would block, /dev/zero never ends), holds
// more than kMaxInputFileBytes or fails to read.
std::string read_text_file(const std::filesystem::path& path);

// The same, for readers with an error type of their own: a FileReadError is
// turned into `make_error(error)` and thrown.
template <typename MakeError>
std::string read_text_file(const std::filesystem::path& path, MakeError&& make_error) {
  try {
    return read_text_file(path);
  } catch (const FileReadError& e) {
    throw make_error(e);
  }
}

}  // namespace lutsim
