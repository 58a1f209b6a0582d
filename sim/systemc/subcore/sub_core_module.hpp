#pragma once
// The SystemC shell of the sub-core: one clocked thread that clocks SubCore
// every rising edge (after `rst` is released) and raises `done` when the
// program has issued and every result is written. SystemC stays in this file
// and its .cpp.

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

  SubCore& core() { return core_; }

 private:
  void run();

  SubCore core_;
};

}  // namespace lutsim::systemc
