#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sim/tile/attention_shape.hpp"

namespace lutsim {

// One measured fused-attention call.
struct MeasuredAttention {
  std::string label;  // e.g. "Llama-2-70B prefill b=4"
  AttentionShape shape;
  double measured_s = 0.0;  // GPU time of the call (all its kernels)
};

// A set of fused-attention timings of one phase from one machine; name,
// description and gpu_config come from the dataset catalog.
struct AttentionDataset {
  std::string name;
  std::string description;
  std::string gpu_config;
  std::filesystem::path source;
  std::string measured_on;  // the file's "# gpu:" line; "" when it has none
  std::string phase;        // prefill | decode
  std::vector<MeasuredAttention> calls;
  std::vector<std::string> notes;  // rows left out, and why
};

// PyTorch SDPA timings (validation/attention/time_sdpa.py: median of launches
// queued behind a GPU-side spin): the rows of `phase` ("prefill": causal;
// "decode": q_len queries over the whole cache) in `types` (fp16, bf16),
// notes for the rows left out. Errors name the file and line.
AttentionDataset load_sdpa_dataset(const std::filesystem::path& csv, const std::string& phase,
                                   const std::vector<DataType>& types);

}  // namespace lutsim
