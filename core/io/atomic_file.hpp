#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string_view>

namespace lutsim {

// Writes `content` to `path` so that readers see either the old file or the
// complete new one, never a half-written file: the data goes to a temporary
// file in the same directory, is flushed, then renamed over `path`. Creates
// missing parent directories and removes the temporaries of `path` that killed
// processes left (see temporary_path.hpp). Throws std::runtime_error naming the path and
// the OS reason on failure (the temporary is removed), and before writing when
// `path` exists but is not a regular file (a device such as /dev/null, a FIFO,
// a socket or a folder), which the rename would replace rather than write into.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);
// The same with the content written by `write` to the stream it is given
// (for content too large to hold); an exception from `write` leaves `path`
// as it was and is rethrown.
void write_file_atomically(const std::filesystem::path& path,
                           const std::function<void(std::ostream&)>& write);

}  // namespace lutsim
