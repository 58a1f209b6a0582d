#pragma once

#include <filesystem>

namespace lutsim {

// Temporaries are named <target>.tmp.<pid>, beside their target (so renaming
// them into place stays on one file system) and telling which process owns
// them.
std::filesystem::path temporary_path(const std::filesystem::path& target);

// Removes the temporaries of `target` (files or folders) whose process has
// ended: what a killed run left behind. A temporary whose process is alive
// is another run's work in progress and is kept.
void remove_stale_temporaries(const std::filesystem::path& target);

}  // namespace lutsim
