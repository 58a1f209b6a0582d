#include "sim/systemc/subcore/register_file.hpp"

#include <stdexcept>
#include <string>

namespace lutsim::systemc {

RegisterFile::RegisterFile(const std::vector<int>& registers_per_class) {
  for (int n : registers_per_class) {
    bytes_.emplace_back(static_cast<std::size_t>(n) * kWarpRegisterBytes, std::uint8_t{0});
  }
}

std::span<std::uint8_t> RegisterFile::fragment(const RegisterRange& r) {
  auto& file = bytes_.at(static_cast<std::size_t>(r.cls));
  const auto begin = static_cast<std::size_t>(r.first) * kWarpRegisterBytes;
  const auto size = static_cast<std::size_t>(r.count) * kWarpRegisterBytes;
  if (begin + size > file.size()) {
    throw std::out_of_range(std::string("registers ") + lmma::letter(r.cls) +
                            std::to_string(r.first) + " .. +" + std::to_string(r.count) +
                            " beyond the " + std::to_string(file.size() / kWarpRegisterBytes) +
                            " the program uses");
  }
  return {file.data() + begin, size};
}

std::span<const std::uint8_t> RegisterFile::fragment(const RegisterRange& r) const {
  return const_cast<RegisterFile*>(this)->fragment(r);
}

}  // namespace lutsim::systemc
