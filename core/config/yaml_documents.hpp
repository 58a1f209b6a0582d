#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>

namespace lutsim::config {

// The first YAML document of a text, and where a second one starts if there
// is one: what a config needs (exactly one document) without YAML::LoadAll,
// which in yaml-cpp 0.7 (Debian 12) loops forever, allocating, on a stray
// flow indicator at the top level ("#\n," is enough; jbeder/yaml-cpp#1040,
// fixed upstream in 0.8). At most two documents are parsed here, and a
// document that starts where the previous one did is a syntax error.
struct YamlDocuments {
  std::optional<YAML::Node> first;          // absent: the text holds no document
  std::optional<YAML::Mark> second_start;   // present: where a second document's first node is
};

// Throws YAML::Exception (with its mark) on a syntax error.
YamlDocuments parse_yaml_documents(std::string_view text);

}  // namespace lutsim::config
