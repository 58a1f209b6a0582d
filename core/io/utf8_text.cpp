#include "core/io/utf8_text.hpp"

#include <cstdio>

namespace lutsim {
namespace {

bool continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// Bytes of the valid sequence starting at text[i], or 0.
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char c = byte(0);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char low = 0x80;   // allowed range of the second byte (rules out
  unsigned char high = 0xBF;  // overlong forms, surrogates and > U+10FFFF)
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) low = 0xA0;
    if (c == 0xED) high = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + n > text.size() || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (!continuation(byte(k))) return 0;
  }
  return n;
}

}  // namespace

std::size_t invalid_utf8_offset(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequence_length(text, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string_view without_utf8_bom(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

TextPosition position_of(std::string_view text, std::size_t offset) {
  TextPosition p;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

std::string invalid_utf8_message(unsigned char byte) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02x", byte);
  return "invalid UTF-8 byte " + std::string(hex) + " (inputs are UTF-8 text)";
}

}  // namespace lutsim
