// libFuzzer target: a study config (YAML), loaded and checked strictly as the study commands do
// (`lutsim compare|accuracy FILE`) before it runs anything: the study its `study:` key names,
// with the committed hardware configs.
#include "core/config/config_document.hpp"
#include "fuzz/fuzz_reader.hpp"
#include "studies/study_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_study.yaml";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    auto doc = lutsim::config::ConfigDocument::load_string(lutsim::fuzz::as_text(data, size),
                                                           std::string(kName), LUTSIM_FUZZ_CONFIGS_DIR "/studies");
    (void)lutsim::load_study(std::move(doc), {}, LUTSIM_FUZZ_CONFIGS_DIR);
  });
  return 0;
}
