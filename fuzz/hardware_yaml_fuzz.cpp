// libFuzzer target: a hardware config (YAML) read strictly, as `lutsim gemm --hw FILE` does.
#include "core/config/config_document.hpp"
#include "core/specs/hardware_spec.hpp"
#include "fuzz/fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_hardware.yaml";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    auto doc = lutsim::config::ConfigDocument::load_string(lutsim::fuzz::as_text(data, size),
                                                           std::string(kName), LUTSIM_FUZZ_CONFIGS_DIR "/hw");
    auto root = doc.root();
    (void)lutsim::read_hardware(root);
    doc.check_all_consumed();
  });
  return 0;
}
