// libFuzzer target: a measured-GEMM CSV (vidur, BitBLAS or lutsim_cublas_bench format), as
// `lutsim validate --data FILE` reads it: the format detected from the header, then loaded.
#include "fuzz/fuzz_reader.hpp"
#include "validation/dataset_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const lutsim::fuzz::InputFile input("measurements.csv");
  const auto& path = input.write(lutsim::fuzz::as_text(data, size));
  lutsim::fuzz::expect_named_errors(input.name(), [&] {
    const auto format = lutsim::detect_dataset_format(path);
    (void)lutsim::load_measured_dataset(path, format, lutsim::default_timing(format));
  });
  return 0;
}
