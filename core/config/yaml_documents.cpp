#include "core/config/yaml_documents.hpp"

#include <yaml-cpp/eventhandler.h>

#include <sstream>
#include <string>
#include <vector>

namespace lutsim::config {
namespace {

// Records where each document starts and where its first node is.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;
  std::vector<YAML::Mark> first_nodes;  // the document's start if it has no node

  void OnDocumentStart(const YAML::Mark& mark) override {
    starts.push_back(mark);
    first_nodes.push_back(mark);
    awaiting_node_ = true;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node_at(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node_at(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
    node_at(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    node_at(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node_at(mark);
  }
  void OnMapEnd() override {}

  // The last document started where the one before it did: the parser made no progress.
  bool stuck() const { return starts.size() >= 2 && starts[starts.size() - 1].pos == starts[starts.size() - 2].pos; }

 private:
  void node_at(const YAML::Mark& mark) {
    if (!awaiting_node_) return;
    first_nodes.back() = mark;
    awaiting_node_ = false;
  }
  bool awaiting_node_ = false;
};

}  // namespace

YamlDocuments parse_yaml_documents(std::string_view text) {
  const std::string owned(text);
  std::istringstream in(owned);
  YAML::Parser parser(in);
  DocumentStarts documents;
  while (documents.starts.size() < 2 && parser.HandleNextDocument(documents)) {
    if (documents.stuck()) throw YAML::ParserException(documents.starts.back(), "unexpected character");
  }
  YamlDocuments result;
  if (documents.starts.empty()) return result;
  result.first = YAML::Load(owned);  // one document: no loop
  if (documents.starts.size() > 1) result.second_start = documents.first_nodes[1];
  return result;
}

}  // namespace lutsim::config
