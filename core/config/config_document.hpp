#pragma once

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_error.hpp"
#include "core/config/config_reader.hpp"

namespace lutsim::config {

namespace detail {
struct ParsedAssignment;
}

// An override "a.b.c=value" parsed once, to apply to many documents (a
// sweep applies each axis value to many points; see ConfigFiles).
class ParsedOverride {
 public:
  // Parses as ConfigDocument::apply_override does, with the same ConfigErrors.
  static ParsedOverride parse(std::string_view assignment, std::string_view routed_prefix = "");

 private:
  friend class ConfigDocument;
  std::shared_ptr<const detail::ParsedAssignment> parsed_;
};

// One config: a YAML file (plus the files it `extends`, plus --set overrides)
// held as lutsim's own tree, where every node remembers its file, line and
// column. Typical use:
//   auto doc = ConfigDocument::load_file(path);
//   for (const auto& s : sets) doc.apply_override(s);
//   auto root = doc.root();
//   ... root.get<...>(...), root.section(...) ...
//   doc.check_all_consumed();            // unknown keys are errors
//   result["config"] = doc.resolved();   // fully resolved, defaults included
//
// Loading rules: the top level must be a mapping; a file holds exactly one
// YAML document; duplicate keys in a mapping, YAML tags and YAML syntax errors
// are ConfigErrors. A top-level `extends: <path>` (relative to the including
// file's directory) loads that file first (recursively; cycles are errors),
// then the including file is deep-merged onto it: mappings merge key by key,
// scalars and lists replace the base's. `extends` is not part of the merged tree.
class ConfigDocument {
 public:
  // Unreadable/missing file -> ConfigError naming the file and the OS reason.
  static ConfigDocument load_file(const std::filesystem::path& path);
  // For configs embedded in the binary: `display_name` names it in errors,
  // `base_dir` resolves its `extends`.
  static ConfigDocument load_string(std::string_view yaml, std::string display_name,
                                    std::filesystem::path base_dir);

  ConfigDocument(ConfigDocument&&) noexcept;
  ConfigDocument& operator=(ConfigDocument&&) noexcept;
  ~ConfigDocument();

  // An independent copy of a document not read yet (root() not called), the
  // overrides applied so far included; std::logic_error after root(), whose
  // readers have marked keys of the tree as read.
  ConfigDocument copy() const;

  // The files that make up this config, the loaded file first and the
  // outermost base last: {"child.yaml", "dir/base.yaml", "dir/root.yaml"}.
  const std::vector<std::string>& extends_chain() const;

  // Applies "a.b.c=value" (the value text is parsed as YAML, so "x=[1, 2]"
  // and "name=foo" both work). Nodes it creates are located in the file
  // "--set a.b.c=value", line 1, at their column in that text. A mapping value
  // merges like `extends`; anything else replaces the old value. A key that
  // does not exist is added and the strict read reports it as unknown (with
  // the allowed keys), unless a reader declares it. Errors (ConfigError): no
  // '=', empty value, empty or non-snake_case key segment, descending into a
  // value that is not a mapping. Must be called before root(), else
  // std::logic_error (readers point into the tree).
  // `routed_prefix`: what the user wrote before `assignment` when a caller
  // routed "hw.a100_lut_4x.sm.count=132" to this document as "sm.count=132";
  // locations then name the whole text as written.
  void apply_override(std::string_view assignment, std::string_view routed_prefix = "");
  void apply_override(const ParsedOverride& override);

  // The top-level mapping. Marks the tree read-only for apply_override.
  ConfigReader root();

  // Every value read so far, defaults included, nested like the YAML.
  const nlohmann::json& resolved() const;
  // Every parameter and section declared so far, in declaration order.
  const std::vector<ParamInfo>& params() const;
  // resolved() and params() moved out, for a reader done with the document
  // (they are empty after).
  nlohmann::json take_resolved();
  std::vector<ParamInfo> take_params();

  // After reading: throws ConfigError for the first key (in document order)
  // that no reader declared, at the key's location, listing the allowed keys
  // of its mapping and saying whether the key came from --set.
  void check_all_consumed() const;

 private:
  explicit ConfigDocument(std::unique_ptr<detail::DocumentState> state);

  // Owned through a pointer so that readers stay valid when the document moves.
  std::unique_ptr<detail::DocumentState> state_;
};

}  // namespace lutsim::config
