#include "sim/systemc/subcore/sub_core_module.hpp"

#include <string>

namespace lutsim::systemc {

SubCoreModule::SubCoreModule(const sc_core::sc_module_name& name, const SubCoreConfig& config,
                             lmma::Program program, SubCore::Mode mode)
    : sc_core::sc_module(name), clk("clk"), rst("rst"), done("done") {
  own_.emplace(config, std::move(program), mode);
  core_ = &*own_;
  SC_HAS_PROCESS(SubCoreModule);
  SC_THREAD(run);
  sensitive << clk.pos();
  dont_initialize();
}

SubCoreModule::SubCoreModule(const sc_core::sc_module_name& name, SubCore& core,
                             sc_core::sc_trace_file* trace)
    : sc_core::sc_module(name), clk("clk"), rst("rst"), done("done"), core_(&core), traced_(true) {
  core.record_cycle_states();
  stall_.write(-1);
  if (trace) {
    sc_core::sc_trace(trace, clk, "clk");
    sc_core::sc_trace(trace, issued_, "issued");
    sc_core::sc_trace(trace, stall_, "stall_reason");
    sc_core::sc_trace(trace, line_, "issued_line");
    for (int u = 0; u < kUnits; ++u) {
      sc_core::sc_trace(trace, busy_[static_cast<std::size_t>(u)],
                        "busy_" + std::string(to_string(static_cast<Unit>(u))));
    }
    sc_core::sc_trace(trace, done, "done");
  }
  SC_HAS_PROCESS(SubCoreModule);
  SC_THREAD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void SubCoreModule::show_state() {
  const CycleState& s = core_->cycle_state();
  issued_.write(s.issued);
  stall_.write(s.stall);
  line_.write(s.line);
  for (std::size_t u = 0; u < busy_.size(); ++u) busy_[u].write(s.busy[u]);
}

void SubCoreModule::report() {
  if (!progress_) return;
  const std::uint64_t c = core_->cycle();
  const bool end = core_->done() && c >= SubCore::kCyclesPerReport;
  if (c % SubCore::kCyclesPerReport == 0 || end) {
    if (total_ == 0) total_ = dynamic_instructions(core_->program());
    if (!end || !reported_end_) progress_(core_->result().instructions, total_);
    reported_end_ = reported_end_ || end;
  }
}

void SubCoreModule::run() {
  done.write(false);
  while (true) {
    wait();
    if (rst.read()) continue;
    if (!core_->done()) {
      core_->clock();
      if (traced_) show_state();
    }
    done.write(core_->done());
    report();
    if (traced_ && core_->done()) {
      wait();  // the last cycle's signals and `done` land in the waveform first
      sc_core::sc_stop();
    }
  }
}

}  // namespace lutsim::systemc
