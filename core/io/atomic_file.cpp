#include "core/io/atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/io/temporary_path.hpp"

namespace lutsim {
namespace {

[[noreturn]] void fail_write(const std::filesystem::path& path, const std::string& what) {
  throw std::runtime_error("cannot write " + path.string() + ": " + what);
}

// The rename would replace a `path` that is not a regular file instead of
// writing into it: a device such as /dev/null (run as root, the device node
// itself), a FIFO or a socket. Such a path is refused; an absent one is created.
void check_replaceable(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st) || std::filesystem::is_regular_file(st)) return;
  if (std::filesystem::is_directory(st)) fail_write(path, "it is a folder, not a file");
  fail_write(path, "not a regular file (a FIFO, device or socket): lutsim replaces an output file "
                   "whole, so give the path of a regular file");
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  write_file_atomically(path, [content](std::ostream& out) {
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
  });
}

void write_file_atomically(const std::filesystem::path& path,
                           const std::function<void(std::ostream&)>& write) {
  check_replaceable(path);
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) fail_write(path, ec.message());
  }
  remove_stale_temporaries(path);
  const std::filesystem::path tmp = temporary_path(path);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) fail_write(path, std::strerror(errno));
    try {
      write(out);
    } catch (...) {
      out.close();
      std::filesystem::remove(tmp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      fail_write(path, "write failed");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    fail_write(path, ec.message());
  }
}

}  // namespace lutsim
