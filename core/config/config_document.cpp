#include "core/config/config_document.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "core/config/config_tree.hpp"
#include "core/config/key_suggestion.hpp"
#include "core/config/yaml_documents.hpp"
#include "core/io/text_file.hpp"
#include "core/io/utf8_text.hpp"

namespace lutsim::config {
namespace {

using detail::MapEntry;
using detail::Node;
using detail::NodeKind;

// Deeper nesting is rejected so a hostile or recursive (aliased) document
// cannot overflow the stack.
constexpr int kMaxDepth = 256;
constexpr std::string_view kSetPrefix = "--set ";
constexpr std::string_view kExtendsKey = "extends";

// ---------------------------------------------------------------------------
// Reading files and converting yaml-cpp nodes into lutsim's tree.

// Where converted nodes come from. A --set value starts mid-line, so columns
// on its first line are shifted by the text before it.
struct SourceText {
  std::string file;
  int first_line_column_offset = 0;
  bool from_override = false;
};

SourceLocation locate(const SourceText& source, const YAML::Mark& mark) {
  if (mark.is_null()) return {source.file, 0, 0};
  const int shift = mark.line == 0 ? source.first_line_column_offset : 0;
  return {source.file, mark.line + 1, mark.column + 1 + shift};
}

// The whole file; ConfigError at `where` naming the file and the OS reason.
std::string read_config_text(const std::filesystem::path& path, const SourceLocation& where,
                             const std::string& key_path) {
  return read_text_file(path, [&](const FileReadError& e) {
    return ConfigError(where, key_path, "cannot read file '" + path.string() + "': " + e.reason());
  });
}

// Only the untagged forms are accepted: "?" plain scalar or collection,
// "!" quoted scalar, "" null. Explicit tags would make typing ambiguous.
void check_tag(const YAML::Node& yaml, const SourceText& source, const std::string& path) {
  const std::string& tag = yaml.Tag();
  if (tag.empty() || tag == "?" || tag == "!") return;
  throw ConfigError(locate(source, yaml.Mark()), path,
                    "YAML tags are not supported (found '" + tag + "')");
}

Node convert(const YAML::Node& yaml, const SourceText& source, const std::string& path, int depth);

void convert_entries(const YAML::Node& yaml, const SourceText& source, const std::string& path,
                     int depth, Node& mapping) {
  for (const auto& pair : yaml) {
    const SourceLocation key_location = locate(source, pair.first.Mark());
    if (!pair.first.IsScalar()) {
      throw ConfigError(key_location, path, "mapping keys must be strings");
    }
    check_tag(pair.first, source, path);
    const std::string& key = pair.first.Scalar();
    const std::string key_path = detail::join_key(path, key);
    if (const MapEntry* first = detail::find_entry(mapping, key)) {
      throw ConfigError(key_location, key_path,
                        "duplicate key '" + key + "' (first defined at line " +
                            std::to_string(first->key_location.line) + ", column " +
                            std::to_string(first->key_location.column) + ")");
    }
    MapEntry entry{key, key_location, convert(pair.second, source, key_path, depth + 1), false,
                   source.from_override};
    // yaml-cpp places an empty value ("key:") at the next token; use the key.
    if (entry.value.kind == NodeKind::kNull && entry.value.location.line != key_location.line) {
      entry.value.location = key_location;
    }
    mapping.entries.push_back(std::move(entry));
  }
}

Node convert(const YAML::Node& yaml, const SourceText& source, const std::string& path, int depth) {
  Node node;
  node.location = locate(source, yaml.Mark());
  if (depth > kMaxDepth) {
    throw ConfigError(node.location, path,
                      "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  check_tag(yaml, source, path);
  switch (yaml.Type()) {
    case YAML::NodeType::Scalar:
      node.kind = NodeKind::kScalar;
      node.scalar = yaml.Scalar();
      node.quoted = yaml.Tag() == "!";
      break;
    case YAML::NodeType::Sequence: {
      node.kind = NodeKind::kSequence;
      std::size_t index = 0;
      for (const auto& item : yaml) {
        const std::string item_path = path + "[" + std::to_string(index++) + "]";
        node.items.push_back(convert(item, source, item_path, depth + 1));
      }
      break;
    }
    case YAML::NodeType::Map:
      node.kind = NodeKind::kMapping;
      convert_entries(yaml, source, path, depth, node);
      break;
    default:
      node.kind = NodeKind::kNull;
      break;
  }
  return node;
}

// yaml-cpp's parse of `text`; syntax errors become ConfigErrors at the
// parser's position.
YamlDocuments parse_yaml(std::string_view text, const SourceText& source, const std::string& key_path) {
  if (const std::size_t bad = invalid_utf8_offset(text); bad != std::string_view::npos) {
    const TextPosition at = position_of(text, bad);
    const int shift = at.line == 1 ? source.first_line_column_offset : 0;
    throw ConfigError({source.file, at.line, at.column + shift}, key_path,
                      invalid_utf8_message(static_cast<unsigned char>(text[bad])));
  }
  try {
    return parse_yaml_documents(text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own text for this is "bad file"
    throw ConfigError(locate(source, e.mark), key_path,
                      "YAML nesting deeper than " + std::to_string(e.depth() - 1) +
                          " levels (the YAML reader's limit; no lutsim config nests more than a few)");
  } catch (const YAML::Exception& e) {
    throw ConfigError(locate(source, e.mark), key_path, "YAML syntax error: " + e.msg);
  }
}

// A config file's text as a tree: one document whose top level is a mapping.
Node parse_config_text(std::string_view text, const SourceText& source) {
  const YamlDocuments documents = parse_yaml(text, source, "");
  if (documents.second_start) {
    throw ConfigError(locate(source, *documents.second_start), "",
                      "expected a single YAML document, found a second one");
  }
  if (!documents.first || documents.first->IsNull()) {
    throw ConfigError({source.file, 0, 0}, "",
                      "the config is empty; expected a mapping of keys at the top level");
  }
  Node root = convert(*documents.first, source, "", 0);
  if (root.kind != NodeKind::kMapping) {
    throw ConfigError(
        root.location, "",
        "expected a mapping of keys at the top level, got " + detail::describe_found(root));
  }
  return root;
}

// ---------------------------------------------------------------------------
// extends: load the base, then deep-merge the including file onto it.

// Lays `overlay` over `base`: mappings merge key by key (recursively), any
// other combination replaces base with overlay. A merged mapping takes the
// overlay's location unless `keep_base_location` (--set overlays, so that
// "missing key" errors keep pointing into the file).
void merge_into(Node& base, Node&& overlay, bool keep_base_location) {
  if (base.kind != NodeKind::kMapping || overlay.kind != NodeKind::kMapping) {
    base = std::move(overlay);
    return;
  }
  if (!keep_base_location) base.location = overlay.location;
  for (MapEntry& entry : overlay.entries) {
    MapEntry* existing = detail::find_entry(base, entry.key);
    if (existing == nullptr) {
      base.entries.push_back(std::move(entry));
      continue;
    }
    existing->key_location = entry.key_location;
    existing->from_override = entry.from_override;
    merge_into(existing->value, std::move(entry.value), keep_base_location);
  }
}

// A file being loaded: its identity (canonical path; empty for embedded
// text) for cycle detection and its display name for messages.
struct OpenFile {
  std::filesystem::path identity;
  std::string name;
};

struct Loader {
  std::vector<std::string>& chain;  // every file loaded, outermost first
  std::vector<OpenFile> open;       // the extends stack being loaded
};

std::filesystem::path identity_of(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
  return error ? path.lexically_normal() : canonical;
}

// The base file `extends` names, relative to `dir`; ConfigError unless it is
// a non-empty string or when it closes a cycle.
std::filesystem::path resolve_extends(const MapEntry& extends, const std::filesystem::path& dir,
                                      const Loader& loader) {
  const Node& value = extends.value;
  if (value.kind != NodeKind::kScalar || value.scalar.empty()) {
    throw ConfigError(value.location, std::string(kExtendsKey),
                      "expected a file path, got " + detail::describe_found(value));
  }
  const std::filesystem::path base = (dir / value.scalar).lexically_normal();
  const std::filesystem::path identity = identity_of(base);
  const auto same = [&](const OpenFile& file) { return file.identity == identity; };
  if (std::any_of(loader.open.begin(), loader.open.end(), same)) {
    std::string cycle;
    for (const OpenFile& file : loader.open) cycle += file.name + " -> ";
    throw ConfigError(value.location, std::string(kExtendsKey),
                      "extends cycle: " + cycle + base.string());
  }
  return base;
}

// The tree of `text` (display name `name`, directory `dir` for its extends)
// with all its bases merged in.
Node load_tree(std::string_view text, const std::string& name, const std::filesystem::path& dir,
               Loader& loader) {
  loader.chain.push_back(name);
  Node tree = parse_config_text(text, SourceText{name});
  const auto is_extends = [](const MapEntry& entry) { return entry.key == kExtendsKey; };
  const auto found = std::find_if(tree.entries.begin(), tree.entries.end(), is_extends);
  if (found == tree.entries.end()) return tree;
  const MapEntry extends = std::move(*found);
  tree.entries.erase(found);

  const std::filesystem::path base = resolve_extends(extends, dir, loader);
  const std::string base_text =
      read_config_text(base, extends.value.location, std::string(kExtendsKey));
  loader.open.push_back({identity_of(base), base.string()});
  Node merged = load_tree(base_text, base.string(), base.parent_path(), loader);
  loader.open.pop_back();
  merge_into(merged, std::move(tree), /*keep_base_location=*/false);
  return merged;
}

// ---------------------------------------------------------------------------
// --set key.path=value

struct KeySegment {
  std::string key;
  SourceLocation location;
};

struct Assignment {
  std::string display;  // "--set a.b=value": the "file" its nodes live in
  std::string key_path;
  std::vector<KeySegment> segments;
  std::string value;
  int value_column = 0;
};

// Splits "a.b.c=value" and checks every key segment is snake_case. `routed`
// is the part of the user's text before `text` (see apply_override).
Assignment parse_assignment(std::string_view text, std::string_view routed) {
  Assignment result;
  result.display = std::string(kSetPrefix).append(routed).append(text);
  const auto at = [&](std::size_t offset) {
    return SourceLocation{result.display, 1,
                          static_cast<int>(kSetPrefix.size() + routed.size() + offset + 1)};
  };
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    throw ConfigError(
        at(0), "", "malformed override '" + std::string(text) + "': expected <key.path>=<value>");
  }
  result.key_path = std::string(text.substr(0, equals));
  result.value = std::string(text.substr(equals + 1));
  result.value_column = at(equals + 1).column;
  if (result.value.find_first_not_of(" \t") == std::string::npos) {
    throw ConfigError(at(equals + 1), result.key_path,
                      "malformed override: missing value after '='");
  }
  for (std::size_t start = 0;;) {
    const std::size_t end = std::min(text.find('.', start), equals);
    const std::string segment(text.substr(start, end - start));
    if (segment.empty()) {
      throw ConfigError(at(start), "",
                        "malformed override: empty key segment in '" + result.key_path + "'");
    }
    if (!detail::is_snake_case(segment)) {
      throw ConfigError(at(start), "",
                        "malformed override: key segment '" + segment +
                            "' is not snake_case (lowercase letters, digits and '_', "
                            "starting with a letter)");
    }
    result.segments.push_back({segment, at(start)});
    if (end == equals) return result;
    start = end + 1;
  }
}

// The mapping that receives the assignment's last key, creating missing
// intermediate mappings (the strict read reports them if they are unknown).
Node& override_target(Node& root, const Assignment& assignment) {
  Node* current = &root;
  std::string path;
  for (std::size_t i = 0; i + 1 < assignment.segments.size(); ++i) {
    const KeySegment& segment = assignment.segments[i];
    path = detail::join_key(path, segment.key);
    MapEntry* entry = detail::find_entry(*current, segment.key);
    if (entry == nullptr) {
      Node mapping;
      mapping.kind = NodeKind::kMapping;
      mapping.location = segment.location;
      current->entries.push_back({segment.key, segment.location, std::move(mapping), false, true});
      entry = &current->entries.back();
    } else if (entry->value.kind != NodeKind::kMapping) {
      throw ConfigError(segment.location, path,
                        "cannot set '" + assignment.key_path + "': '" + path + "' holds " +
                            detail::describe_found(entry->value) + " (" +
                            to_string(entry->value.location) + "), not a mapping");
    }
    current = &entry->value;
  }
  return *current;
}

Node parse_override_value(const Assignment& assignment) {
  const SourceText source{assignment.display, assignment.value_column - 1, true};
  const YamlDocuments documents = parse_yaml(assignment.value, source, assignment.key_path);
  if (!documents.first || documents.second_start) {
    throw ConfigError({assignment.display, 1, assignment.value_column}, assignment.key_path,
                      "malformed override: the value must be a single YAML value");
  }
  return convert(*documents.first, source, assignment.key_path, 0);
}

// ---------------------------------------------------------------------------
// Unknown keys.

std::string unknown_key_message(const Node& mapping, const MapEntry& entry) {
  std::vector<std::string> allowed = mapping.declared_keys;
  std::sort(allowed.begin(), allowed.end());
  std::string list;
  for (const std::string& key : allowed) list += (list.empty() ? "" : ", ") + key;
  std::string message = "unknown key '" + entry.key + "'";
  if (entry.from_override) message += " from --set";
  message += " (allowed keys: " + (list.empty() ? std::string("none") : list) + ")";
  if (const auto suggestion = detail::closest_key(entry.key, allowed)) {
    message += "; did you mean '" + *suggestion + "'?";
  }
  return message;
}

// Throws for the first undeclared key under `node`, in document order.
void check_consumed(const Node& node, const std::string& path) {
  if (node.kind == NodeKind::kSequence) {
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      check_consumed(node.items[i], path + "[" + std::to_string(i) + "]");
    }
    return;
  }
  if (node.kind != NodeKind::kMapping) return;
  for (const MapEntry& entry : node.entries) {
    const std::string key_path = detail::join_key(path, entry.key);
    if (!entry.consumed) {
      throw ConfigError(entry.key_location, key_path, unknown_key_message(node, entry));
    }
    check_consumed(entry.value, key_path);
  }
}

}  // namespace

// ---------------------------------------------------------------------------

ConfigDocument::ConfigDocument(std::unique_ptr<detail::DocumentState> state)
    : state_(std::move(state)) {}
ConfigDocument::ConfigDocument(ConfigDocument&&) noexcept = default;
ConfigDocument& ConfigDocument::operator=(ConfigDocument&&) noexcept = default;
ConfigDocument::~ConfigDocument() = default;

ConfigDocument ConfigDocument::load_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  const std::string text = read_config_text(path, SourceLocation{name, 0, 0}, "");
  auto state = std::make_unique<detail::DocumentState>();
  Loader loader{state->extends_chain, {{identity_of(path), name}}};
  state->root = load_tree(text, name, path.parent_path(), loader);
  return ConfigDocument(std::move(state));
}

ConfigDocument ConfigDocument::load_string(std::string_view yaml, std::string display_name,
                                           std::filesystem::path base_dir) {
  auto state = std::make_unique<detail::DocumentState>();
  // Embedded text has no identity: no file can extend back into it.
  Loader loader{state->extends_chain, {{{}, display_name}}};
  state->root = load_tree(yaml, display_name, base_dir, loader);
  return ConfigDocument(std::move(state));
}

ConfigDocument ConfigDocument::copy() const {
  if (state_->reading_started) {
    throw std::logic_error("ConfigDocument::copy called after root()");
  }
  return ConfigDocument(std::make_unique<detail::DocumentState>(*state_));
}

const std::vector<std::string>& ConfigDocument::extends_chain() const {
  return state_->extends_chain;
}

namespace detail {
struct ParsedAssignment {
  Assignment assignment;
  Node value;
};
}  // namespace detail

ParsedOverride ParsedOverride::parse(std::string_view assignment, std::string_view routed_prefix) {
  Assignment parsed = parse_assignment(assignment, routed_prefix);
  Node value = parse_override_value(parsed);
  ParsedOverride out;
  out.parsed_ = std::make_shared<const detail::ParsedAssignment>(
      detail::ParsedAssignment{std::move(parsed), std::move(value)});
  return out;
}

void ConfigDocument::apply_override(std::string_view assignment, std::string_view routed_prefix) {
  apply_override(ParsedOverride::parse(assignment, routed_prefix));
}

void ConfigDocument::apply_override(const ParsedOverride& override) {
  if (state_->reading_started) {
    throw std::logic_error("ConfigDocument::apply_override called after root()");
  }
  const Assignment& parsed = override.parsed_->assignment;
  Node& target = override_target(state_->root, parsed);
  Node value = override.parsed_->value;
  const KeySegment& last = parsed.segments.back();
  MapEntry* entry = detail::find_entry(target, last.key);
  if (entry == nullptr) {
    target.entries.push_back({last.key, last.location, std::move(value), false, true});
    return;
  }
  entry->key_location = last.location;
  entry->from_override = true;
  merge_into(entry->value, std::move(value), /*keep_base_location=*/true);
}

ConfigReader ConfigDocument::root() {
  state_->reading_started = true;
  return ConfigReader(state_.get(), &state_->root, "", "", nlohmann::json::json_pointer());
}

const nlohmann::json& ConfigDocument::resolved() const {
  return state_->resolved;
}

const std::vector<ParamInfo>& ConfigDocument::params() const {
  return state_->params;
}

nlohmann::json ConfigDocument::take_resolved() {
  return std::exchange(state_->resolved, nlohmann::json::object());
}

std::vector<ParamInfo> ConfigDocument::take_params() {
  return std::exchange(state_->params, {});
}

void ConfigDocument::check_all_consumed() const {
  check_consumed(state_->root, "");
}

}  // namespace lutsim::config
