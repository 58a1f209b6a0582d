#pragma once
// The SystemC shell of the sub-core: one clocked thread that clocks SubCore
// every rising edge (after `rst` is released) and raises `done` when the
// program has issued and every result is written. SystemC stays in this file
// and its .cpp.

#include <array>
#include <optional>
#include <systemc>

#include "sim/systemc/subcore/sub_core.hpp"

namespace lutsim::systemc {

class SubCoreModule : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst;
  sc_core::sc_out<bool> done;

  // Throws UnsupportedSubCore for a program the sub-core cannot run.
  SubCoreModule(const sc_core::sc_module_name& name, const SubCoreConfig& config,
                lmma::Program program, SubCore::Mode mode = SubCore::Mode::kTimingAndValues);
  // Clocks `core` (prepared by the caller, outliving the module), writes each
  // cycle's CycleState to signals traced in `trace` (issued, stall, line, busy
  // per unit) and stops the simulation (sc_stop) when done.
  SubCoreModule(const sc_core::sc_module_name& name, SubCore& core, sc_core::sc_trace_file* trace);

  SubCore& core() { return *core_; }
  // Called as SubCore::run calls it (every 2^20 cycles, and at the end of a run that long).
  void report_progress(SubCore::Progress progress) { progress_ = std::move(progress); }

 private:
  void run();
  void show_state();
  void report();

  std::optional<SubCore> own_;
  SubCore* core_ = nullptr;
  bool traced_ = false;
  SubCore::Progress progress_;
  std::uint64_t total_ = 0;
  bool reported_end_ = false;
  sc_core::sc_signal<int> issued_, stall_, line_;
  std::array<sc_core::sc_signal<bool>, kUnits> busy_;
};

}  // namespace lutsim::systemc
