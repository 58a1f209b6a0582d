// lutsim_time_rtl: synthesizes one RTL top with the PPA studies' flow (yosys
// onto a cell library, hierarchy kept, then flattened; abc mapped for the
// --clock-mhz target as the studies map for their clock, 0: no delay target)
// and times it with OpenSTA (ppa/flow/timing.hpp), e.g. the depths of a
// pipelined lut_array:
//   for p in 0 1 2; do build/ppa/studies/lutsim_time_rtl lut_array ARRAY_M=2 ARRAY_N=8
//     TABLE_FORMAT=0 PIPE_STAGES=$p; done
// Prints one line: the design, its mapping target, its cell and flip-flop area,
// its worst path and the clock it meets, 1 / (clock period - worst slack). Run
// from the repository root (or pass --source-dir); results are cached (--cache-dir).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

#include "ppa/flow/synthesis.hpp"
#include "ppa/flow/timing.hpp"
#include "ppa/studies/design_evaluation.hpp"

namespace {

// "NAME=VALUE" as a parameter override; throws std::invalid_argument otherwise.
std::pair<std::string, long long> parse_parameter(const std::string& text) {
  static const std::regex kParameter(R"(([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+))");
  std::smatch m;
  if (!std::regex_match(text, m, kParameter)) {
    throw std::invalid_argument("parameter '" + text + "': expected NAME=INTEGER");
  }
  return {m[1].str(), std::stoll(m[2].str())};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Synthesize and time one RTL top with the PPA studies' flow"};
  std::string top;
  std::vector<std::string> parameters;
  std::string library = "nangate45";
  std::string source_dir = ".";
  std::string cache_dir = "build/ppa_cache";
  double clock_mhz = 500;
  app.add_option("top", top, "RTL module (rtl/<top>.sv)")->required();
  app.add_option("parameters", parameters, "parameter overrides, NAME=INTEGER");
  app.add_option("--library", library, "cell library (nangate45, asap7)");
  app.add_option("--source-dir", source_dir, "repository root (rtl/)");
  app.add_option("--cache-dir", cache_dir, "synthesis and timing cache");
  app.add_option("--clock-mhz", clock_mhz,
                 "clock (MHz) abc maps for (delay target 1e6 / clock ps); 0: no delay target")
      ->check(CLI::Range(0.0, 10000.0));
  CLI11_PARSE(app, argc, argv);
  try {
    lutsim::ppa::SynthesisRequest req;
    req.top = top;
    req.library = lutsim::ppa::cell_library(library);
    req.sources = lutsim::ppa::rtl_sources(std::filesystem::path(source_dir) / "rtl", top);
    req.cache_dir = cache_dir;
    req.delay_target_ps = lutsim::ppa::delay_target_ps(clock_mhz);
    std::string design = top;
    for (const std::string& p : parameters) {
      req.parameters.push_back(parse_parameter(p));
      design += " " + p;
    }
    const lutsim::ppa::SynthesisResult syn = lutsim::ppa::synthesize(req);
    const lutsim::ppa::TimingResult t = lutsim::ppa::analyze_timing(syn, req.library);
    char target[64] = "no delay target";
    if (clock_mhz > 0) std::snprintf(target, sizeof target, "mapped for %.0f ps", req.delay_target_ps);
    std::printf(
        "%s (%s, %s): area %.1f um^2, flip-flops %d (%.1f um^2), worst path %.3f ns (%s -> "
        "%s), slack %.3f ns at %.1f ns, meets %.1f MHz\n",
        design.c_str(), library.c_str(), target, syn.area_um2, syn.flops,
        syn.sequential_area_um2,
        t.critical_path_ns, t.startpoint.c_str(), t.endpoint.c_str(), t.slack_ns, t.clock_period_ns,
        t.max_clock_mhz);
  } catch (const std::exception& e) {
    std::cerr << "lutsim_time_rtl: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
