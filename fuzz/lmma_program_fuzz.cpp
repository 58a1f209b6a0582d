// libFuzzer target: an LMMA program (docs/lmma.md), as `lutsim lmma --program FILE` reads it.
// Beyond the common rule, a program that parses must print to text that parses back to
// the same program (the printer's round trip), and its unrolled length must be countable.
#include <cstdio>
#include <cstdlib>

#include "compiler/program/program_parser.hpp"
#include "compiler/program/program_printer.hpp"
#include "fuzz/fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_program.lmma";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    const auto program = lutsim::lmma::parse_program(lutsim::fuzz::as_text(data, size), std::string(kName));
    const std::string printed = lutsim::lmma::print_program(program);
    if (!(lutsim::lmma::parse_program(printed, "printed") == program)) {
      std::fprintf(stderr, "lutsim fuzz finding: the printed program does not parse back to itself:\n%s\n",
                   printed.c_str());
      std::abort();
    }
    (void)lutsim::lmma::dynamic_instruction_count(program);
  });
  return 0;
}
