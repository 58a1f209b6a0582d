#pragma once

// Internal to lutsim_config: the tree a ConfigDocument holds. Not for users.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_error.hpp"
#include "core/config/config_reader.hpp"

namespace lutsim::config::detail {

enum class NodeKind { kNull, kScalar, kSequence, kMapping };

struct MapEntry;

// One YAML node. Only the members for its kind are meaningful.
struct Node {
  NodeKind kind = NodeKind::kNull;
  SourceLocation location;
  std::string scalar;                      // kScalar: the text as written
  bool quoted = false;                     // kScalar: quoted or block scalar (not plain)
  std::vector<Node> items;                 // kSequence
  std::vector<MapEntry> entries;           // kMapping, in document order
  std::vector<std::string> declared_keys;  // kMapping: keys some reader asked for
};

struct MapEntry {
  std::string key;
  SourceLocation key_location;
  Node value;
  bool consumed = false;       // some reader declared this key
  bool from_override = false;  // last written by --set
};

// What a ConfigDocument owns; ConfigReaders point into it.
struct DocumentState {
  Node root;
  std::vector<std::string> extends_chain;
  nlohmann::json resolved = nlohmann::json::object();
  std::vector<ParamInfo> params;
  bool reading_started = false;  // root() was called: the tree must not change
};

inline MapEntry* find_entry(Node& mapping, std::string_view key) {
  for (MapEntry& entry : mapping.entries) {
    if (entry.key == key) return &entry;
  }
  return nullptr;
}

inline const MapEntry* find_entry(const Node& mapping, std::string_view key) {
  for (const MapEntry& entry : mapping.entries) {
    if (entry.key == key) return &entry;
  }
  return nullptr;
}

// "a.b" + "c" -> "a.b.c"; "" + "c" -> "c".
inline std::string join_key(std::string_view parent, std::string_view key) {
  std::string path(parent);
  if (!path.empty()) path += '.';
  return path.append(key);
}

// Keys lutsim declares and --set accepts: [a-z][a-z0-9_]*.
inline bool is_snake_case(std::string_view key) {
  if (key.empty() || key[0] < 'a' || key[0] > 'z') return false;
  for (char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// How a node reads in "expected X, got <found>": "'fast'", "a quoted string
// '3'", "a list", "a mapping", "an empty value".
inline std::string describe_found(const Node& node) {
  switch (node.kind) {
    case NodeKind::kNull:
      return "an empty value";
    case NodeKind::kSequence:
      return "a list";
    case NodeKind::kMapping:
      return "a mapping";
    case NodeKind::kScalar:
      break;
  }
  const std::string text = "'" + node.scalar + "'";
  return node.quoted ? "a quoted string " + text : text;
}

}  // namespace lutsim::config::detail
