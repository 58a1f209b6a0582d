#pragma once
// A directory of tool results keyed by a content hash, safe for concurrent
// processes: each run works in a private staging directory and publishes it
// with one rename once its marker file (e.g. result.json) is written last, so a
// result directory that exists is complete. Nothing half-written is reused.

#include <filesystem>
#include <optional>
#include <string>

namespace lutsim::ppa {

class ResultCache {
 public:
  // `marker` is the file whose presence marks a complete result.
  ResultCache(std::filesystem::path dir, std::string marker);

  // The complete result directory for `key`, if there is one.
  std::optional<std::filesystem::path> find(const std::string& key) const;

  // A new, empty, private directory to produce the result for `key` in.
  std::filesystem::path stage(const std::string& key) const;

  // Moves a staged result (its marker written) into place and returns where it
  // is. If another process published the same key first, the staged copy is
  // deleted and the other one returned. Throws std::runtime_error when the
  // marker is missing or the rename fails for another reason.
  std::filesystem::path publish(const std::filesystem::path& staged, const std::string& key) const;

  // Moves a failed staging directory to <dir>/<key>.failed (replacing an older
  // one) so its logs stay readable; returns where they are (the staged
  // directory itself if the move fails).
  std::filesystem::path keep_failed(const std::filesystem::path& staged,
                                    const std::string& key) const;

 private:
  std::filesystem::path dir_;
  std::string marker_;
};

// `text` (an error message) with every mention of `from` replaced by `to`: for
// messages that name files in a staging directory that keep_failed moved.
std::string with_moved_paths(std::string text, const std::filesystem::path& from,
                             const std::filesystem::path& to);

}  // namespace lutsim::ppa
