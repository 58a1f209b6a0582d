#pragma once

#include <string>

#include "core/config/config_reader.hpp"

namespace lutsim {

// A decoder-only transformer's architecture, as in configs/models/*.yaml.
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
};

// Cross-field checks: num_heads is a multiple of num_kv_heads.
ModelSpec read_model(config::ConfigReader& root);

}  // namespace lutsim
