#include "ppa/model/component_table_cache.hpp"

#include <deque>
#include <mutex>
#include <string>
#include <utility>

#include "core/io/text_file.hpp"

namespace lutsim::ppa {
namespace {

struct CachedTable {
  std::string text;
  std::shared_ptr<const ComponentTable> table;
};

// The tables parsed so far, the newest last.
class TableCache {
 public:
  std::shared_ptr<const ComponentTable> find(const std::string& text) {
    std::lock_guard lock(mutex_);
    for (const CachedTable& c : tables_) {
      if (c.text == text) return c.table;
    }
    return nullptr;
  }

  void keep(std::string text, std::shared_ptr<const ComponentTable> table) {
    std::lock_guard lock(mutex_);
    tables_.push_back({std::move(text), std::move(table)});
    if (tables_.size() > kCachedComponentTables) tables_.pop_front();
  }

 private:
  std::mutex mutex_;
  std::deque<CachedTable> tables_;
};

TableCache& cache() {
  static TableCache tables;
  return tables;
}

}  // namespace

std::shared_ptr<const ComponentTable> cached_component_table(const std::filesystem::path& path) {
  std::string text = read_text_file(path);
  if (auto found = cache().find(text)) return found;
  // Parsed outside the lock; two threads may both parse a new text once.
  auto table = std::make_shared<const ComponentTable>(parse_component_table(text, path.string()));
  cache().keep(std::move(text), table);
  return table;
}

}  // namespace lutsim::ppa
