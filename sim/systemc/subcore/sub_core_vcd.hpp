#pragma once
// A sub-core run under SystemC with a waveform: the SystemC shell
// (sub_core_module.hpp) clocks the core at the hardware's clock and traces,
// cycle by cycle, the instructions issued, the stall reason (-1: none, else
// StallReason's value: 0 dependency, 1 register_ports, 2 smem_banks,
// 3 structural, 4 barrier), the source line of the first instruction issued
// and which units are busy, into a VCD file (SystemC's sc_trace).

#include <filesystem>

#include "sim/systemc/subcore/sub_core.hpp"

namespace lutsim::systemc {

// Runs `core` (prepared: operands in shared memory and registers) to the end
// and returns its result, which equals SubCore::run's. The VCD appears whole at
// `vcd` or not at all (written to a temporary beside it first); throws
// std::runtime_error naming the path when it cannot be written.
const SubCoreResult& run_with_vcd(SubCore& core, double clock_period_s,
                                  const std::filesystem::path& vcd,
                                  const SubCore::Progress& progress = {});

}  // namespace lutsim::systemc
