#pragma once

#include <filesystem>
#include <memory>

#include "ppa/model/component_table.hpp"

namespace lutsim::ppa {

// The table in `path` (load_component_table), parsed once per process for
// each distinct file text: the table is a function of the text alone, so
// every sweep run, benchmark iteration or config naming a file with that
// text shares one parse (a table's YAML costs tens of millions of
// instructions, a design point a few hundred thousand). The file is read
// every call, so an edited file is parsed again. Keeps the last
// kCachedComponentTables texts. Safe to call from several threads at once;
// throws as load_component_table does, and a failed parse is not kept.
inline constexpr std::size_t kCachedComponentTables = 8;
std::shared_ptr<const ComponentTable> cached_component_table(const std::filesystem::path& path);

}  // namespace lutsim::ppa
