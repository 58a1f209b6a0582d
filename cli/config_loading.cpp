#include "cli/config_loading.hpp"

#include <stdexcept>
#include <system_error>

#include "workloads/model_catalog.hpp"

namespace lutsim::cli {

config::ConfigDocument load_config(const std::string& path, const std::vector<std::string>& sets,
                                   std::optional<EmbeddedConfig> fallback) {
  auto doc = [&] {
    if (!path.empty()) return config::ConfigDocument::load_file(path);
    if (!fallback) throw std::logic_error("load_config: no path and no embedded config");
    return config::ConfigDocument::load_string(fallback->text, std::string(fallback->name), ".");
  }();
  for (const auto& s : sets) doc.apply_override(s);
  return doc;
}

std::filesystem::path configs_dir(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::vector<std::filesystem::path> starts;
  if (!ec) starts.push_back(exe.parent_path());
  starts.push_back(std::filesystem::current_path());
  if (auto found = find_configs_dir(starts)) return *found;
  throw std::runtime_error("cannot find the configs/ folder above " +
                           (ec ? std::string("the binary") : exe.parent_path().string()) + " or " +
                           std::filesystem::current_path().string() + "; pass --configs-dir");
}

}  // namespace lutsim::cli
