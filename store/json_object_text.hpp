#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace lutsim::store {

// A JSON object's canonical text (nlohmann's dump(): members sorted by key,
// no spaces) kept member by member, so that the object with members added or
// replaced (json::update) is written again without dumping the members it
// keeps: a sweep point's key hashes its resolved config's text and its store
// row holds that config with the study's record notes added.
class JsonObjectText {
 public:
  // Member key -> the text of its value (value.dump()), written already.
  using ValueTexts = std::map<std::string, std::string>;

  JsonObjectText() = default;  // {}
  // `object` with the members of `texts` added or replaced, each written as
  // its text there, not dumped (the caller's text must be its value's
  // dump()). Throws std::invalid_argument when `object` is not a JSON object.
  explicit JsonObjectText(const nlohmann::json& object, const ValueTexts& texts = {});

  // The text of this object after update(members): equal to
  // object.update(members), dumped; a member of `members` that `texts` holds
  // is written as that text. Throws as the constructor does.
  std::string updated_text(const nlohmann::json& members, const ValueTexts& texts = {}) const;
  // object.dump().
  std::string text() const;

 private:
  // key -> the member as the object's text holds it: "key":value
  std::map<std::string, std::string, std::less<>> members_;
  std::size_t size_ = 0;  // the members' text, with a separator each
};

}  // namespace lutsim::store
