// libFuzzer target: a compiler pass list (YAML) read strictly, as `lutsim compile --passes FILE` does.
#include "compiler/passes/pass_manager.hpp"
#include "core/config/config_document.hpp"
#include "fuzz/fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kName = "fuzz_passes.yaml";
  lutsim::fuzz::expect_named_errors(kName, [&] {
    auto doc = lutsim::config::ConfigDocument::load_string(
        lutsim::fuzz::as_text(data, size), std::string(kName), LUTSIM_FUZZ_CONFIGS_DIR "/passes");
    auto root = doc.root();
    (void)lutsim::compiler::read_pass_list(root, lutsim::compiler::PassRegistry::builtin());
    doc.check_all_consumed();
  });
  return 0;
}
