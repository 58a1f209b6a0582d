#include <catch2/catch.hpp>
#include <string>

#include "core/io/utf8_text.hpp"

using namespace lutsim;

TEST_CASE("invalid_utf8_offset finds the first byte outside well-formed UTF-8", "[io]") {
  constexpr auto kValid = std::string_view::npos;
  CHECK(invalid_utf8_offset("") == kValid);
  CHECK(invalid_utf8_offset("plain ascii\n") == kValid);
  CHECK(invalid_utf8_offset("\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") == kValid);
  CHECK(invalid_utf8_offset("ab\xFF") == 2);            // never in UTF-8
  CHECK(invalid_utf8_offset("a\xC3") == 1);             // cut short
  CHECK(invalid_utf8_offset("a\xC0\xAF") == 1);         // overlong '/'
  CHECK(invalid_utf8_offset("\xE0\x80\xAF") == 0);      // overlong, 3 bytes
  CHECK(invalid_utf8_offset("\xED\xA0\x80") == 0);      // a surrogate
  CHECK(invalid_utf8_offset("\xF4\x90\x80\x80") == 0);  // past U+10FFFF
  CHECK(invalid_utf8_offset("\xE2\x82x") == 0);         // a bad continuation
}

TEST_CASE("position_of, the BOM and the message readers use", "[io]") {
  const std::string text = "ab\ncd\n\xFF";
  CHECK(position_of(text, 0).line == 1);
  CHECK(position_of(text, 4).line == 2);
  CHECK(position_of(text, 4).column == 2);
  CHECK(position_of(text, 6).line == 3);
  CHECK(without_utf8_bom("\xEF\xBB\xBFname,kind") == "name,kind");
  CHECK(without_utf8_bom("name") == "name");
  CHECK(invalid_utf8_message(0xFF) == "invalid UTF-8 byte 0xff (inputs are UTF-8 text)");
}
