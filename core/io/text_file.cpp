#include "core/io/text_file.hpp"

#include <cerrno>
#include <fstream>
#include <sstream>
#include <system_error>

namespace lutsim {

FileReadError::FileReadError(std::filesystem::path path, std::string reason)
    : std::runtime_error("cannot read " + path.string() + ": " + reason),
      path_(std::move(path)),
      reason_(std::move(reason)) {}

std::string read_text_file(const std::filesystem::path& path) {
  const auto failure = [&](int error) {
    return FileReadError(path, std::generic_category().message(error));
  };
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (error) throw failure(error.value());
  // Opening a directory succeeds on Linux; only the read would fail, without errno.
  if (std::filesystem::is_directory(status)) throw failure(EISDIR);
  // A FIFO would block until someone writes to it, a device (/dev/zero) may never end.
  if (!std::filesystem::is_regular_file(status)) {
    throw FileReadError(path, "not a regular file (a FIFO, device or socket)");
  }
  if (std::filesystem::file_size(path, error) > kMaxInputFileBytes) {
    throw FileReadError(path, "larger than " + std::to_string(kMaxInputFileBytes) +
                                  " bytes, the most an input may hold");
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw failure(errno != 0 ? errno : EIO);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw failure(errno != 0 ? errno : EIO);
  return text.str();
}

}  // namespace lutsim
