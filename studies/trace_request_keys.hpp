#pragma once

#include "core/config/config_reader.hpp"
#include "workloads/trace_generator.hpp"

namespace lutsim {

// The forward pass a study traces from a model (its `workload` section):
// phase, batch, seq_len (prefill) or kv_len (decode), weight_bits, act_dtype,
// tensor_parallel, fusion and lm_head, defaults those of `lutsim model`'s
// options. The other phase's length key is a ConfigError, not ignored.
TraceRequest read_trace_request(config::ConfigReader r);

}  // namespace lutsim
