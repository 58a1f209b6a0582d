// libFuzzer target: a sweep file (YAML) read strictly, its points counted and made, as `lutsim sweep FILE` does
// before it loads the base study.
#include "core/config/config_document.hpp"
#include "core/specs/sweep_spec.hpp"
#include "fuzz/fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_sweep.yaml";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    auto doc = lutsim::config::ConfigDocument::load_string(lutsim::fuzz::as_text(data, size),
                                                           std::string(kName), LUTSIM_FUZZ_CONFIGS_DIR "/sweeps");
    auto root = doc.root();
    const auto sweep = lutsim::read_sweep(root, std::filesystem::path(LUTSIM_FUZZ_CONFIGS_DIR "/sweeps") / kName);
    doc.check_all_consumed();
    // Points are made one at a time: the first and the last.
    if (const std::size_t size = lutsim::sweep_size(sweep); size > 0) {
      (void)lutsim::sweep_point(sweep, 0);
      (void)lutsim::sweep_point(sweep, size - 1);
    }
  });
  return 0;
}
