// libFuzzer target: a Hugging Face config.json, as `--model-config FILE` reads it.
#include "fuzz/fuzz_reader.hpp"
#include "workloads/hf_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const lutsim::fuzz::InputFile input("config.json");
  const auto& path = input.write(lutsim::fuzz::as_text(data, size));
  lutsim::fuzz::expect_named_errors(input.name(), [&] { (void)lutsim::load_hf_config(path); });
  return 0;
}
