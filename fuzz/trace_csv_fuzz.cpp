// libFuzzer target: a GEMM trace CSV, as `lutsim model --trace FILE` reads it.
#include "fuzz/fuzz_reader.hpp"
#include "workloads/trace_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_trace.csv";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    (void)lutsim::parse_trace_csv(lutsim::fuzz::as_text(data, size), std::string(kName));
  });
  return 0;
}
