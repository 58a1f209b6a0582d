#include "ppa/power/activity_sim.hpp"

#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "ppa/flow/tool_run.hpp"

namespace lutsim::ppa {
namespace {

constexpr const char* kTestbench = "lutsim_power_tb";

std::string verilog_name(const std::string& name) {
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  return plain ? name : "\\" + name + " ";
}

std::string range_of(const NetlistPort& p) {
  return p.is_vector ? "[" + std::to_string(p.msb) + ":" + std::to_string(p.lsb) + "] " : "";
}

std::string testbench(const ActivitySimulationRequest& r, long long period_ps) {
  const Stimulus& s = r.stimulus;
  std::ostringstream v;
  v << "`timescale 1ps/1ps\n// Written by lutsim (ppa/power/activity_sim.cpp).\nmodule "
    << kTestbench << ";\n";
  std::map<std::string, int> waveform_index;
  for (std::size_t i = 0; i < s.inputs.size(); ++i) waveform_index[s.inputs[i].port] = int(i);
  for (const NetlistPort& p : r.ports) {
    const bool driven = p.direction == PortDirection::kInput;
    v << "  " << (driven ? "reg " : "wire ") << range_of(p) << "p" << &p - &r.ports[0]
      << (driven ? " = 0" : "") << ";\n";
  }
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    v << "  reg [" << s.inputs[i].width - 1 << ":0] m" << i << " [0:" << s.cycles - 1 << "];\n";
  }
  v << "  " << verilog_name(r.top) << " dut (";
  for (std::size_t i = 0; i < r.ports.size(); ++i) {
    v << (i ? ", " : "") << "." << verilog_name(r.ports[i].name) << "(p" << i << ")";
  }
  v << ");\n  integer k;\n  task apply(input integer c);\n    begin\n";
  for (std::size_t i = 0; i < r.ports.size(); ++i) {
    const auto it = waveform_index.find(r.ports[i].name);
    if (it != waveform_index.end()) v << "      p" << i << " = m" << it->second << "[c];\n";
  }
  v << "    end\n  endtask\n  initial begin\n";
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    v << "    $readmemh(\"in" << i << ".hex\", m" << i << ");\n";
  }
  std::string clock;  // the testbench register on the clock port, empty without a clock
  for (std::size_t i = 0; i < r.ports.size(); ++i) {
    if (!s.clock_port.empty() && r.ports[i].name == s.clock_port) {
      clock = "p" + std::to_string(i);
    }
  }
  v << "    $dumpfile(\"activity.vcd\");\n    $dumpvars(1, dut);\n    apply(0);\n"
    << "    for (k = 0; k < " << s.cycles << "; k = k + 1) begin\n"
    << "      #" << period_ps / 2 << ";\n";
  if (!clock.empty()) v << "      " << clock << " = 1;\n";
  v << "      #" << period_ps / 10 << ";\n      if (k + 1 < " << s.cycles << ") apply(k + 1);\n"
    << "      #" << period_ps - period_ps / 2 - period_ps / 10 << ";\n";
  if (!clock.empty()) v << "      " << clock << " = 0;\n";
  v << "    end\n    $finish;\n  end\nendmodule\n";
  return v.str();
}

}  // namespace

SimulatedActivity simulate_activity(const ActivitySimulationRequest& r) {
  check_stimulus(r.stimulus, r.ports, r.top);
  const long long period_ps = clock_period_ps(r.clock_period_s);
  std::filesystem::create_directories(r.work_dir);
  {
    std::ofstream tb(r.work_dir / "tb.v");
    tb << testbench(r, period_ps);
  }
  for (std::size_t i = 0; i < r.stimulus.inputs.size(); ++i) {
    std::ofstream hex(r.work_dir / ("in" + std::to_string(i) + ".hex"));
    for (const std::string& value : r.stimulus.inputs[i].hex_per_cycle) hex << value << '\n';
  }
  std::filesystem::remove(r.work_dir / "activity.vcd");
  run_tool({"iverilog",
            {"-g2005", "-o", "sim.vvp", "-s", kTestbench, "tb.v",
             std::filesystem::absolute(r.netlist).string(),
             std::filesystem::absolute(r.cell_models).string()},
            r.work_dir,
            "iverilog.log"});
  run_tool({"vvp", {"-n", "sim.vvp"}, r.work_dir, "vvp.log"});
  SimulatedActivity out;
  out.vcd = r.work_dir / "activity.vcd";
  out.scope = std::string(kTestbench) + ".dut";
  out.window_start_s = r.stimulus.warmup_cycles * period_ps * 1e-12;
  out.window_end_s = r.stimulus.cycles * period_ps * 1e-12;
  out.cycles_in_window = r.stimulus.cycles - r.stimulus.warmup_cycles;
  return out;
}

}  // namespace lutsim::ppa
