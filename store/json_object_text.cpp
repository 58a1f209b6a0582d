#include "store/json_object_text.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace lutsim::store {
namespace {

const nlohmann::json& checked_object(const nlohmann::json& j) {
  if (!j.is_object()) {
    throw std::invalid_argument(std::string("JsonObjectText: expected a JSON object, got ") +
                                j.type_name());
  }
  return j;
}

// One member as nlohmann's serializer writes it in an object: its key (a
// JSON string), ':', its value's text.
std::string member_text(const std::string& key, std::string_view value_text) {
  return nlohmann::json(key).dump() + ':' + std::string(value_text);
}

// The same, the value's text taken from `texts` when it holds the key, else dumped.
std::string member_text(const std::string& key, const nlohmann::json& value,
                        const JsonObjectText::ValueTexts& texts) {
  const auto text = texts.find(key);
  return text != texts.end() ? member_text(key, text->second) : member_text(key, value.dump());
}

// An object's text from its members' texts in key order: '{', the members
// with ',' between them, '}'.
class ObjectWriter {
 public:
  explicit ObjectWriter(std::size_t size) {
    out_.reserve(size);
    out_ += '{';
  }
  void add(const std::string& member) {
    if (out_.size() > 1) out_ += ',';
    out_ += member;
  }
  std::string done() && {
    out_ += '}';
    return std::move(out_);
  }

 private:
  std::string out_;
};

}  // namespace

JsonObjectText::JsonObjectText(const nlohmann::json& object, const ValueTexts& texts) {
  for (const auto& [key, value] : checked_object(object).items()) {
    members_.emplace(key, member_text(key, value, texts));
  }
  for (const auto& [key, text] : texts) {
    if (!members_.contains(key)) members_.emplace(key, member_text(key, text));  // added
  }
  for (const auto& member : members_) size_ += member.second.size() + 1;
}

std::string JsonObjectText::updated_text(const nlohmann::json& members,
                                         const ValueTexts& texts) const {
  ObjectWriter out(size_ + 2 * checked_object(members).size() + 2);
  auto mine = members_.begin();
  for (const auto& [key, value] : members.items()) {
    for (; mine != members_.end() && mine->first < key; ++mine) out.add(mine->second);
    if (mine != members_.end() && mine->first == key) ++mine;  // replaced
    out.add(member_text(key, value, texts));
  }
  for (; mine != members_.end(); ++mine) out.add(mine->second);
  return std::move(out).done();
}

std::string JsonObjectText::text() const {
  ObjectWriter out(size_ + 2);
  for (const auto& member : members_) out.add(member.second);
  return std::move(out).done();
}

}  // namespace lutsim::store
