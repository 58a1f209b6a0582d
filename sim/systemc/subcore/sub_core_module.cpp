#include "sim/systemc/subcore/sub_core_module.hpp"

namespace lutsim::systemc {

SubCoreModule::SubCoreModule(const sc_core::sc_module_name& name, const SubCoreConfig& config,
                             lmma::Program program, SubCore::Mode mode)
    : sc_core::sc_module(name),
      clk("clk"),
      rst("rst"),
      done("done"),
      core_(config, std::move(program), mode) {
  SC_HAS_PROCESS(SubCoreModule);
  SC_THREAD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void SubCoreModule::run() {
  done.write(false);
  while (true) {
    wait();
    if (rst.read()) continue;
    if (!core_.done()) core_.clock();
    done.write(core_.done());
  }
}

}  // namespace lutsim::systemc
