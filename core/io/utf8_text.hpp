#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lutsim {

// Where well-formed UTF-8 ends in `text`: the offset of the first byte that
// does not belong to a valid sequence (overlong forms, surrogates and code
// points past U+10FFFF included), or npos when all of it is valid. Inputs are
// checked with it where they are read, since their text reaches JSON results,
// which must be UTF-8.
std::size_t invalid_utf8_offset(std::string_view text);

// `text` without a leading UTF-8 byte-order mark (EF BB BF), which editors on
// Windows write and which would otherwise become part of the first field.
std::string_view without_utf8_bom(std::string_view text);

// Where `offset` lies in `text` (1-based line, and byte column), for
// readers' error messages.
struct TextPosition {
  int line = 1;
  int column = 1;
};
TextPosition position_of(std::string_view text, std::size_t offset);

// "invalid UTF-8 byte 0xff (inputs are UTF-8 text)": what a reader says about
// the byte invalid_utf8_offset() found.
std::string invalid_utf8_message(unsigned char byte);

}  // namespace lutsim
