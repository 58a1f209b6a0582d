#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace lutsim::rtl_bench {

// The command line every RTL bench takes: [--vectors N] [--seed S].
struct BenchArgs {
  std::uint64_t vectors = 100000;
  std::uint64_t seed = 1;
};

// Parses argv; prints the usage line for `bench_name` and returns nullopt on
// anything else (the caller exits with status 2).
inline std::optional<BenchArgs> parse_bench_args(int argc, char** argv, std::string_view bench_name) {
  BenchArgs a;
  for (int i = 1; i < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc || (flag != "--vectors" && flag != "--seed")) {
      std::fprintf(stderr, "usage: %s [--vectors N] [--seed S]\n", std::string(bench_name).c_str());
      return std::nullopt;
    }
    (flag == "--vectors" ? a.vectors : a.seed) = std::strtoull(argv[i + 1], nullptr, 10);
  }
  return a;
}

}  // namespace lutsim::rtl_bench
