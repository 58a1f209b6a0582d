#pragma once
// SystemC elaborates a design once per simulation kernel: a program that
// builds and runs several designs one after another (test cases, benchmarks)
// starts each from a fresh kernel. The kernels live until the program ends.

#include <memory>
#include <systemc>
#include <vector>

namespace lutsim::systemc {

inline void fresh_systemc_kernel() {
  static std::vector<std::unique_ptr<sc_core::sc_simcontext>> kernels;
  kernels.push_back(std::make_unique<sc_core::sc_simcontext>());
  sc_core::sc_curr_simcontext = kernels.back().get();
  sc_core::sc_default_global_context = kernels.back().get();
}

}  // namespace lutsim::systemc
