#include "ppa/flow/timing.hpp"

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/io/text_file.hpp"
#include "ppa/flow/content_hash.hpp"
#include "ppa/flow/result_cache.hpp"
#include "ppa/flow/sta_report.hpp"
#include "ppa/flow/tool_run.hpp"

namespace lutsim::ppa {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTimingVersion = "lutsim-sta-flow-1";
constexpr const char* kTimingMarker = "timing.json";
constexpr const char* kLog = "sta.log";
constexpr const char* kCombinationalMark = "lutsim: combinational";

std::string braced(const std::string& s) {
  return "{" + s + "}";
}

std::string sta_script(const SynthesisResult& synthesis, const CellLibrary& library,
                       const std::string& clock_port) {
  const std::string clock = braced(clock_port);
  std::ostringstream s;
  s << "read_liberty " << braced(fs::absolute(library.liberty).string()) << "\n"
    << "read_verilog " << braced(fs::absolute(synthesis.netlist).string()) << "\n"
    << "link_design " << braced(synthesis.top) << "\n"
    << "set_cmd_units -time ns\n"
    << "if {[llength [get_ports -quiet " << clock << "]] > 0} {\n"
    << "  create_clock -name " << clock << " -period " << kTimingClockPeriodNs << " [get_ports "
    << clock << "]\n"
    << "  set clock_name " << clock << "\n"
    << "  set inputs [delete_from_list [all_inputs] [get_ports " << clock << "]]\n"
    << "} else {\n"
    << "  create_clock -name virtual_clock -period " << kTimingClockPeriodNs << "\n"
    << "  set clock_name virtual_clock\n"
    << "  set inputs [all_inputs]\n"
    << "  puts \"" << kCombinationalMark << "\"\n"
    << "}\n"
    << "if {[llength $inputs] > 0} { set_input_delay 0 -clock $clock_name $inputs }\n"
    << "if {[llength [all_outputs]] > 0} { set_output_delay 0 -clock $clock_name [all_outputs] }\n"
    << "report_checks -path_delay max -digits 6\n"
    << "exit\n";
  return s.str();
}

nlohmann::json to_json(const TimingResult& t) {
  return {{"critical_path_ns", t.critical_path_ns},
          {"max_clock_mhz", t.max_clock_mhz},
          {"startpoint", t.startpoint},
          {"endpoint", t.endpoint},
          {"combinational_only", t.combinational_only},
          {"clock_period_ns", t.clock_period_ns},
          {"slack_ns", t.slack_ns}};
}

TimingResult from_json(const nlohmann::json& j, const fs::path& dir) {
  TimingResult t;
  t.critical_path_ns = j.at("critical_path_ns").get<double>();
  t.max_clock_mhz = j.at("max_clock_mhz").get<double>();
  t.startpoint = j.at("startpoint").get<std::string>();
  t.endpoint = j.at("endpoint").get<std::string>();
  t.combinational_only = j.at("combinational_only").get<bool>();
  t.clock_period_ns = j.at("clock_period_ns").get<double>();
  t.slack_ns = j.at("slack_ns").get<double>();
  t.report = dir / kLog;
  return t;
}

TimingResult run_sta(const SynthesisResult& synthesis, const CellLibrary& library,
                     const std::string& clock_port, const fs::path& work) {
  write_file_atomically(work / "timing.tcl", sta_script(synthesis, library, clock_port));
  const std::string log = run_tool({"sta", {"timing.tcl"}, work, kLog});
  const StaPath path = parse_sta_worst_path(log, (work / kLog).string());
  TimingResult t;
  t.clock_period_ns = kTimingClockPeriodNs;
  t.slack_ns = path.slack;
  t.critical_path_ns = kTimingClockPeriodNs - path.slack;
  if (t.critical_path_ns <= 0) {
    throw std::runtime_error((work / kLog).string() + ": non-positive critical path");
  }
  t.max_clock_mhz = 1000.0 / t.critical_path_ns;
  t.startpoint = path.startpoint;
  t.endpoint = path.endpoint;
  t.combinational_only = log.find(kCombinationalMark) != std::string::npos;
  return t;
}

}  // namespace

TimingResult analyze_timing(const SynthesisResult& synthesis, const CellLibrary& library,
                            const std::string& clock_port) {
  if (synthesis.netlist.empty() || !fs::is_regular_file(synthesis.netlist)) {
    throw std::invalid_argument("timing: netlist " + synthesis.netlist.string() +
                                " does not exist");
  }
  ContentHash h;
  h.add(kTimingVersion).add(clock_port).add(library.name).add_file(synthesis.netlist);
  const std::string key = "timing-" + h.hex();
  const ResultCache cache(synthesis.work_dir, kTimingMarker);
  if (const auto done = cache.find(key)) {
    TimingResult t = from_json(nlohmann::json::parse(read_text_file(*done / kTimingMarker)), *done);
    t.from_cache = true;
    return t;
  }
  const fs::path staged = cache.stage(key);
  const std::string what = "timing of " + synthesis.top + " (" + library.name + ")";
  try {
    write_file_atomically(staged / kTimingMarker,
                          to_json(run_sta(synthesis, library, clock_port, staged)).dump(1) + "\n");
  } catch (const ToolError& e) {
    const fs::path kept = cache.keep_failed(staged, key);
    throw ToolError(what + ": " + with_moved_paths(e.what(), staged, kept));
  } catch (const std::exception& e) {
    const fs::path kept = cache.keep_failed(staged, key);
    throw std::runtime_error(what + ": " + with_moved_paths(e.what(), staged, kept));
  }
  const fs::path done = cache.publish(staged, key);
  return from_json(nlohmann::json::parse(read_text_file(done / kTimingMarker)), done);
}

}  // namespace lutsim::ppa
