#pragma once

#include <string>
#include <vector>

#include "core/config/config_reader.hpp"

namespace lutsim {

// A decoder-only transformer's architecture, as in configs/models/*.yaml.
// Every field is a fact of the published checkpoint (its config.json and
// modeling code); how a workload runs it (batch, phase, tensor parallelism,
// fusion of projections in the trace) lives in the workload's request.
struct ModelSpec {
  std::string name;
  std::string family;
  int num_layers = 0;
  int hidden_size = 0;
  int ffn_intermediate_size = 0;
  int num_heads = 0;
  int num_kv_heads = 0;
  int head_dim = 0;
  int vocab_size = 0;
  std::string activation;  // relu, gelu, silu, relu2
  bool gated_ffn = false;  // up and gate projections (SwiGLU-style)
  bool linear_bias = false;
  // The checkpoint stores Q, K and V as one weight (BLOOM's query_key_value);
  // otherwise as q_proj, k_proj, v_proj.
  bool qkv_fused_in_checkpoint = false;
  bool tie_word_embeddings = false;  // the LM head reuses the input embedding matrix
  std::string norm;                  // layer_norm | rms_norm
  std::string position_encoding;     // learned (added at the input) | alibi | rotary
  bool embedding_norm = false;       // a norm right after the embedding (BLOOM)
  // Extra norms inside each layer before the attention output projection and
  // before the FFN down projection (BitNet's SubLN).
  bool sub_norms = false;
  // How a layer arranges attention and FFN (ModelBlock): sequential (FFN after
  // the attention's residual add, each with its norm), parallel (both read one
  // norm of the layer input, one residual add: GPT-J, Falcon-7B) or
  // parallel_two_norms (each its own norm of the layer input: Falcon-40B/180B).
  std::string block = "sequential";
};

// The families a ModelSpec may name (descriptive: the structure fields above
// say what is modelled) and the block arrangements.
inline const std::vector<std::string> kModelFamilies{"opt",  "bloom", "llama",  "bitnet", "mistral",
                                                     "qwen2", "phi3", "gemma", "falcon", "gptj"};
inline const std::vector<std::string> kModelBlocks{"sequential", "parallel", "parallel_two_norms"};

// Cross-field checks: num_heads is a multiple of num_kv_heads.
ModelSpec read_model(config::ConfigReader& root);

}  // namespace lutsim
