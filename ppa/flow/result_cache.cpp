#include "ppa/flow/result_cache.hpp"

#include <atomic>
#include <random>
#include <stdexcept>
#include <system_error>

namespace lutsim::ppa {
namespace fs = std::filesystem;

ResultCache::ResultCache(fs::path dir, std::string marker)
    : dir_(std::move(dir)), marker_(std::move(marker)) {
  if (dir_.empty()) throw std::invalid_argument("result cache: empty cache directory");
}

std::optional<fs::path> ResultCache::find(const std::string& key) const {
  const fs::path done = dir_ / key;
  std::error_code ec;
  if (fs::is_regular_file(done / marker_, ec)) return done;
  return std::nullopt;
}

fs::path ResultCache::stage(const std::string& key) const {
  static std::atomic<unsigned> counter{0};
  std::random_device random;
  fs::create_directories(dir_);
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path staged =
        dir_ / (key + ".tmp." + std::to_string(random()) + "." + std::to_string(counter++));
    if (fs::create_directory(staged)) return staged;
  }
  throw std::runtime_error("result cache: cannot create a staging directory in " + dir_.string());
}

fs::path ResultCache::publish(const fs::path& staged, const std::string& key) const {
  if (!fs::is_regular_file(staged / marker_)) {
    throw std::runtime_error("result cache: " + (staged / marker_).string() + " was not written");
  }
  const fs::path done = dir_ / key;
  std::error_code ec;
  if (fs::exists(done, ec) && !fs::exists(done / marker_, ec)) {
    fs::remove_all(done, ec);  // an incomplete directory left by something else
  }
  fs::rename(staged, done, ec);
  if (!ec) return done;
  if (fs::is_regular_file(done / marker_)) {  // another process was first
    fs::remove_all(staged, ec);
    return done;
  }
  throw std::runtime_error("result cache: cannot move " + staged.string() + " to " + done.string() +
                           ": " + ec.message());
}

fs::path ResultCache::keep_failed(const fs::path& staged, const std::string& key) const {
  const fs::path failed = dir_ / (key + ".failed");
  std::error_code ec;
  fs::remove_all(failed, ec);
  fs::rename(staged, failed, ec);
  return ec ? staged : failed;
}

std::string with_moved_paths(std::string text, const fs::path& from, const fs::path& to) {
  const std::string a = from.string(), b = to.string();
  if (a.empty() || a == b) return text;
  for (auto pos = text.find(a); pos != std::string::npos; pos = text.find(a, pos + b.size())) {
    text.replace(pos, a.size(), b);
  }
  return text;
}

}  // namespace lutsim::ppa
