#include "ppa/flow/synthesis.hpp"

#include <chrono>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/io/text_file.hpp"
#include "ppa/flow/content_hash.hpp"
#include "ppa/flow/design_hierarchy.hpp"
#include "ppa/flow/liberty_cells.hpp"
#include "ppa/flow/result_cache.hpp"
#include "ppa/flow/synthesis_json.hpp"
#include "ppa/flow/tool_run.hpp"
#include "ppa/flow/yosys_stat.hpp"

namespace lutsim::ppa {
namespace {

namespace fs = std::filesystem;

// Changes whenever the script or the way results are read changes: old cache
// entries then stop matching.
constexpr const char* kFlowVersion = "lutsim-yosys-flow-5";
constexpr const char* kSynthesisMarker = "result.json";
constexpr const char* kNetlist = "netlist.v";
constexpr const char* kConstraints = "abc.constr";

std::string quoted(const fs::path& p) {
  return "\"" + fs::absolute(p).string() + "\"";
}

void check_request(const SynthesisRequest& r) {
  if (r.top.empty()) throw std::invalid_argument("synthesis: no top module given");
  if (r.sources.empty()) throw std::invalid_argument("synthesis of " + r.top + ": no sources");
  for (const fs::path& s : r.sources) {
    if (!fs::is_regular_file(s)) {
      throw std::invalid_argument("synthesis of " + r.top + ": source " + s.string() +
                                  " does not exist");
    }
  }
  if (r.cache_dir.empty()) throw std::invalid_argument("synthesis: no cache directory given");
  if (r.delay_target_ps < 0) {
    throw std::invalid_argument("synthesis of " + r.top + ": negative delay target " +
                                std::to_string(r.delay_target_ps) + " ps");
  }
  if (r.delay_target_ps > 0 && r.library.buffer.empty()) {
    throw std::invalid_argument("synthesis of " + r.top + " with a delay target: cell library " +
                                r.library.name + " names no buffer to drive and load the ports");
  }
}

// What the mapping is for, in the cache key: no delay target, or the target and the
// buffer of the port constraints.
std::string mapping_target(const SynthesisRequest& r) {
  if (r.delay_target_ps <= 0) return "no-delay-target";
  std::ostringstream s;
  s << "delay-target-ps " << r.delay_target_ps << " buffer " << r.library.buffer;
  return s.str();
}

// Everything the result depends on; file paths themselves do not count, so a
// moved checkout or build directory still hits the cache.
std::string cache_key(const SynthesisRequest& r) {
  ContentHash h;
  h.add(kFlowVersion).add(r.top).add(r.keep_hierarchy ? "hierarchical" : "flat");
  if (!r.name_cells) h.add("unnamed cells");  // (named: the key as before)
  h.add(mapping_target(r));
  for (const auto& [name, value] : r.parameters) h.add(name).add(value);
  for (const fs::path& s : r.sources) h.add(s.filename().string()).add_file(s);
  h.add(r.library.name).add(static_cast<long long>(fs::file_size(r.library.liberty)));
  h.add(static_cast<long long>(fs::last_write_time(r.library.liberty).time_since_epoch().count()));
  const fs::path yosys = find_program("yosys");
  if (!yosys.empty()) {
    h.add(static_cast<long long>(fs::file_size(yosys)))
        .add(static_cast<long long>(fs::last_write_time(yosys).time_since_epoch().count()));
  }
  return r.top + "-" + r.library.name + "-" + h.hex();
}

// "hilomap ..." onto the library's tie cells, or "" if it names none.
std::string tie_command(const CellLibrary& lib, const LibertyCells& cells) {
  if (lib.tie_high.empty() || lib.tie_low.empty()) return "";
  auto pin = [&](const std::string& cell) {
    const auto it = cells.find(cell);
    if (it == cells.end() || it->second.output_pins.size() != 1) {
      throw std::runtime_error("cell library " + lib.name + ": tie cell " + cell +
                               " missing from " + lib.liberty.string() +
                               " or without a single output");
    }
    return it->second.output_pins.front();
  };
  return "hilomap -singleton -hicell " + lib.tie_high + " " + pin(lib.tie_high) + " -locell " +
         lib.tie_low + " " + pin(lib.tie_low) + "\n";
}

// "insbuf ..." on the output ports with the library's buffer, or "" if it names none.
// An output port that carries the same net as another port (the equal low bits of an
// integer table's entries) is otherwise written as a concatenated `assign {a, b} = {c, c}`,
// which Debian's OpenSTA 2.0.17 cannot read; a buffer is what a physical design would put
// there. Internal aliases stay plain assigns, which OpenSTA reads.
std::string buffer_command(const CellLibrary& lib, const LibertyCells& cells) {
  if (lib.buffer.empty()) return "";
  const auto it = cells.find(lib.buffer);
  if (it == cells.end() || it->second.output_pins != std::vector<std::string>{lib.buffer_out}) {
    throw std::runtime_error("cell library " + lib.name + ": buffer " + lib.buffer +
                             " missing from " + lib.liberty.string() + " or its output is not " +
                             lib.buffer_out);
  }
  return "insbuf -buf " + lib.buffer + " " + lib.buffer_in + " " + lib.buffer_out + " o:*\n";
}

// The abc constraints of a timing-driven mapping: ports driven by the library's buffer
// and loaded by one buffer input (capacitance in the liberty's unit).
std::string abc_constraints(const CellLibrary& lib, const LibertyCells& cells) {
  const auto it = cells.find(lib.buffer);
  if (it == cells.end() || it->second.pin_capacitance.count(lib.buffer_in) == 0) {
    throw std::runtime_error("cell library " + lib.name + ": buffer " + lib.buffer +
                             " missing from " + lib.liberty.string() + " or its pin " +
                             lib.buffer_in + " gives no capacitance");
  }
  std::ostringstream s;
  s << "set_driving_cell " << lib.buffer << "\n"
    << "set_load " << it->second.pin_capacitance.at(lib.buffer_in) << "\n";
  return s.str();
}

std::string yosys_script(const SynthesisRequest& r, const LibertyCells& cells) {
  const std::string lib = quoted(r.library.liberty);
  std::ostringstream s;
  s << "read_verilog -sv";
  for (const fs::path& src : r.sources) s << " " << quoted(src);
  s << "\nhierarchy -check -top " << r.top;
  for (const auto& [name, value] : r.parameters) s << " -chparam " << name << " " << value;
  s << "\nsynth -top " << r.top << (r.keep_hierarchy ? "" : " -flatten") << "\n"
    << "dfflibmap -liberty " << lib << "\n"
    << "abc -liberty " << lib;
  if (r.delay_target_ps > 0) {
    // Relative to the work directory yosys runs in (yosys makes it absolute for abc).
    s << " -D " << r.delay_target_ps << " -constr " << kConstraints;
  }
  s << "\n"
    << "opt_clean -purge\n"
    << tie_command(r.library, cells);
  if (r.keep_hierarchy) {
    // Per-module areas, then the instance tree alone (a small JSON), then the
    // flat netlist with every mapped cell kept. Each module's cells get public
    // names (c0, c1, ...) before flattening, so a cell of the netlist is named
    // after its instance path (`g_row[0].g_col[1].u_pe.c12`): power is itemized
    // by the module it comes from (kCellNamePrefix).
    s << "tee -q -o stat_hier.txt stat -top " << r.top << "\n"
      << "design -push-copy\n"
      << "select -set instances * %C\n"
      << "delete c:* @instances %d\n"
      << "setattr -set keep 1 @instances\n"
      << "opt_clean -purge\n"
      << "write_json instances.json\n"
      << "design -pop\n"
      << "setattr -set keep 1 c:*\n";
    if (r.name_cells) s << "rename -enumerate -pattern " << kCellNamePrefix << "% c:*\n";
    s << "flatten\n"
      << "opt_clean -purge\n";
  }
  // Internal vector nets split into bits: Debian's OpenSTA cannot read the concatenated
  // `assign {a, b} = {...}` yosys writes for partly aliased vectors, and iverilog simulates
  // scalar nets much faster (a change of one bit no longer wakes every reader of a vector).
  s << "splitnets\n"
    << "opt_clean\n"
    << buffer_command(r.library, cells) << "tee -q -o stat.txt stat\n"
    << "write_verilog -noattr " << kNetlist << "\n";
  return s.str();
}

// Fills in the area of each module's own library cells (yosys `stat -liberty`
// would parse the liberty once more: 46 MB for ASAP7). Cells of a type that is
// neither a library cell nor a module of the design mean mapping failed.
void price_cells(std::vector<ModuleStat>& stats, const LibertyCells& cells,
                 const std::string& where) {
  std::set<std::string> modules;
  for (const ModuleStat& m : stats) modules.insert(m.module);
  for (ModuleStat& m : stats) {
    m.area_um2 = 0;
    for (const auto& [type, count] : m.cells_by_type) {
      const auto it = cells.find(type);
      if (it != cells.end()) {
        m.area_um2 += count * it->second.area_um2;
      } else if (modules.count(type) == 0) {
        throw std::runtime_error(where + ": module " + m.module + " has " + std::to_string(count) +
                                 " cells of type " + type +
                                 ", which the cell library does not have (not mapped)");
      }
    }
    m.has_area = true;
  }
}

std::vector<ModuleStat> read_stat(const fs::path& report, const LibertyCells& cells) {
  std::vector<ModuleStat> stats = parse_yosys_stat(read_text_file(report), report.string());
  price_cells(stats, cells, report.string());
  return stats;
}

ModuleStat top_stat(const std::vector<ModuleStat>& stats, const std::string& top,
                    const fs::path& report) {
  for (const ModuleStat& m : stats) {
    if (m.module == top) return m;
  }
  throw std::runtime_error(report.string() + ": no statistics for the top module " + top);
}

// Reads the reports of a finished yosys run into a result.
SynthesisResult read_results(const SynthesisRequest& r, const fs::path& work,
                             const LibertyCells& cells) {
  SynthesisResult result;
  result.top = r.top;
  result.library = r.library.name;
  result.work_dir = work;
  result.netlist = work / kNetlist;
  const fs::path report = work / "stat.txt";
  const ModuleStat flat = top_stat(read_stat(report, cells), r.top, report);
  result.area_um2 = flat.area_um2;
  result.cells = flat.cells;
  result.cells_by_type = flat.cells_by_type;
  for (const auto& [type, count] : flat.cells_by_type) {
    const LibertyCell& cell = cells.at(type);  // price_cells checked it exists
    if (cell.sequential) {
      result.flops += count;
      result.sequential_area_um2 += count * cell.area_um2;
    }
  }
  if (r.keep_hierarchy) {
    const fs::path tree_report = work / "stat_hier.txt";
    const DesignHierarchy tree =
        design_hierarchy(nlohmann::json::parse(read_text_file(work / "instances.json")),
                         read_stat(tree_report, cells), r.top);
    result.hierarchy = tree.levels;
    result.modules = tree.modules;
    result.cells_named_by_instance = r.name_cells;
  } else {
    result.hierarchy = {{r.top, r.top, flat.area_um2, flat.cells, r.top, 0}};
    result.modules = {{r.top, r.top, 1, flat.area_um2, flat.area_um2, flat.cells}};
  }
  return result;
}

SynthesisResult run_synthesis(const SynthesisRequest& r, const fs::path& work) {
  const std::shared_ptr<const LibertyCells> cells = liberty_cells(r.library.liberty);
  if (r.delay_target_ps > 0) {
    write_file_atomically(work / kConstraints, abc_constraints(r.library, *cells));
  }
  write_file_atomically(work / "synth.ys", yosys_script(r, *cells));
  const auto start = std::chrono::steady_clock::now();
  run_tool({"yosys", {"-s", "synth.ys"}, work, "yosys.log"});
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  SynthesisResult result = read_results(r, work, *cells);
  result.yosys_seconds = took.count();
  return result;
}

}  // namespace

SynthesisResult synthesize(const SynthesisRequest& request) {
  check_request(request);
  const std::string key = cache_key(request);
  const ResultCache cache(request.cache_dir, kSynthesisMarker);
  if (const auto done = cache.find(key)) {
    SynthesisResult result =
        synthesis_from_json(nlohmann::json::parse(read_text_file(*done / kSynthesisMarker)), *done);
    result.from_cache = true;
    return result;
  }
  const fs::path staged = cache.stage(key);
  SynthesisResult result;
  try {
    result = run_synthesis(request, staged);
  } catch (const ToolError& e) {
    const fs::path kept = cache.keep_failed(staged, key);
    throw ToolError("synthesis of " + request.top + " onto " + request.library.name + ": " +
                    with_moved_paths(e.what(), staged, kept));
  } catch (const std::exception& e) {
    const fs::path kept = cache.keep_failed(staged, key);
    throw std::runtime_error("synthesis of " + request.top + " onto " + request.library.name +
                             " (work directory " + kept.string() +
                             "): " + with_moved_paths(e.what(), staged, kept));
  }
  write_file_atomically(staged / kSynthesisMarker, synthesis_to_json(result).dump(1) + "\n");
  // Read back what was published: another process may have published first.
  const fs::path done = cache.publish(staged, key);
  return synthesis_from_json(nlohmann::json::parse(read_text_file(done / kSynthesisMarker)), done);
}

}  // namespace lutsim::ppa
