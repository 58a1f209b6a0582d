#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/specs/model_spec.hpp"

namespace lutsim {

// Reads a Hugging Face config.json into a ModelSpec, by model_type: opt,
// bloom, llama, bitnet (or a llama config whose architectures name a Bitnet
// class, as in 1bitLLM's repro), mistral, qwen2, phi3, gemma, falcon, gptj.
// Field names per family:
//   layers      num_hidden_layers; BLOOM n_layer; GPT-J n_layer; Falcon also n_layer
//   width       hidden_size; BLOOM also n_embed; GPT-J n_embd
//   heads       num_attention_heads; BLOOM/GPT-J n_head; Falcon also n_head
//   kv heads    num_key_value_heads (default: heads); Falcon: 1 if multi_query
//               (default), num_kv_heads with new_decoder_architecture
//   head_dim    head_dim (default: width / heads, which must divide)
//   FFN width   intermediate_size (Llama-like), ffn_dim (OPT), 4 x width (BLOOM),
//               ffn_hidden_size (Falcon; default 4 x width), n_inner (GPT-J; same)
//   vocabulary  vocab_size
//   activation  hidden_act (Llama-like; default silu), Gemma hidden_activation,
//               activation_function (OPT relu, GPT-J gelu_new), Falcon activation
//               (gelu); BLOOM is gelu; GeLU variants all read as gelu
//   bias        enable_bias (OPT), attention_bias or mlp_bias (Llama-like), bias
//               (Falcon); BLOOM, Qwen2 (q/k/v) and GPT-J (FFN) have biases
//   tied head   tie_word_embeddings (default as the HF config class: true for
//               OPT, BLOOM, Gemma and Falcon, false for the others)
//   block       Falcon parallel_attn (default true; two norms with
//               new_decoder_architecture), GPT-J parallel; else sequential
// The rest follows from the family's modeling code (gated FFN, norm type,
// position encoding, fused QKV, BLOOM's embedding norm, BitNet's sub-norms).
// Mixture-of-experts configs (num_local_experts, num_experts, n_routed_experts,
// moe_num_experts) are refused: their FFN is not modelled.
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
