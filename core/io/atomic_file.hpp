#pragma once

#include <filesystem>
#include <string_view>

namespace lutsim {

// Writes `content` to `path` so that readers see either the old file or the
// complete new one, never a half-written file: the data goes to a temporary
// file in the same directory, is flushed, then renamed over `path`. Creates
// missing parent directories and removes the temporaries of `path` that killed
// processes left (see temporary_path.hpp). Throws std::runtime_error naming the path and
// the OS reason on failure (the temporary is removed).
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace lutsim
