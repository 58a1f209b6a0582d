#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/specs/model_spec.hpp"

namespace lutsim {

// Reads a Hugging Face config.json of an OPT, BLOOM, Llama or BitNet model
// (model_type opt | bloom | llama | bitnet; a llama config whose
// architectures name a Bitnet class is BitNet, as in 1bitLLM's repro) into a
// ModelSpec. Field names per family:
//   layers      num_hidden_layers, or BLOOM's n_layer
//   width       hidden_size, or BLOOM's n_embed
//   heads       num_attention_heads, or BLOOM's n_head
//   kv heads    num_key_value_heads (default: heads)
//   head_dim    head_dim (default: width / heads, which must divide)
//   FFN width   intermediate_size (Llama, BitNet), ffn_dim (OPT), 4 x width (BLOOM)
//   vocabulary  vocab_size
//   activation  hidden_act (Llama, BitNet; default silu), activation_function
//               (OPT; default relu); BLOOM is gelu
//   bias        enable_bias (OPT; default true), attention_bias or mlp_bias
//               (Llama; default false); BLOOM true, BitNet false
//   tied head   tie_word_embeddings (default as the HF config class: true for
//               OPT and BLOOM, false for Llama and BitNet)
// The rest follows from the family's modeling code (gated FFN, norm type,
// position encoding, fused QKV, BLOOM's embedding norm, BitNet's sub-norms).
// `name` names the spec; when empty, _name_or_path when present, else the
// name of the folder holding the file.
// Throws config::ConfigError "<file>: <key>: <what was expected, what was
// found>" for an unreadable file, bad JSON, a missing or ill-typed field, or
// an unsupported model.
ModelSpec load_hf_config(const std::filesystem::path& file, const std::string& name = "");

// The same from parsed JSON; `display_name` names the source in errors. The
// spec's name is _name_or_path, or empty when the config has none.
ModelSpec parse_hf_config(const nlohmann::json& config, const std::string& display_name);

}  // namespace lutsim
