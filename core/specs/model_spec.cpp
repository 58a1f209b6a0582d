#include "core/specs/model_spec.hpp"

namespace lutsim {
namespace {

void read_shape(config::ConfigReader& r, ModelSpec& m) {
  m.num_layers = r.get<int>("num_layers", {.description = "decoder layers", .min = 1, .max = 1024});
  m.hidden_size = r.get<int>("hidden_size", {.description = "model width", .min = 1});
  m.ffn_intermediate_size =
      r.get<int>("ffn_intermediate_size", {.description = "FFN inner width", .min = 1});
  m.num_heads = r.get<int>("num_heads", {.description = "attention heads", .min = 1});
  m.num_kv_heads = r.get<int>("num_kv_heads", {.description = "key/value heads (GQA)", .min = 1});
  m.head_dim = r.get<int>("head_dim", {.description = "width of one head", .min = 1});
  m.vocab_size = r.get<int>("vocab_size", {.description = "vocabulary size", .min = 1});
}

void read_structure(config::ConfigReader& r, ModelSpec& m) {
  m.activation = r.get<std::string>("activation", {.description = "FFN activation",
                                                   .allowed = {"relu", "gelu", "silu", "relu2"}});
  m.gated_ffn = r.get<bool>("gated_ffn", {.description = "gated FFN (up and gate projections)"});
  m.linear_bias = r.get<bool>("linear_bias", {.description = "linear layers have biases"});
  m.qkv_fused_in_checkpoint = r.get<bool>(
      "qkv_fused_in_checkpoint",
      {.description = "the checkpoint stores Q, K and V as one weight (else q/k/v separate)"});
  m.tie_word_embeddings = r.get<bool>(
      "tie_word_embeddings", {.description = "the LM head reuses the input embedding matrix"});
  m.norm = r.get<std::string>(
      "norm", {.description = "normalization layer", .allowed = {"layer_norm", "rms_norm"}});
  m.position_encoding = r.get<std::string>(
      "position_encoding", {.description = "positions: learned (added at the input), ALiBi "
                                           "bias on the scores, or rotary on Q and K",
                            .allowed = {"learned", "alibi", "rotary"}});
  m.embedding_norm = r.get<bool>(
      "embedding_norm",
      {.description = "a norm right after the token embedding (BLOOM)", .default_value = false});
  m.sub_norms =
      r.get<bool>("sub_norms", {.description = "norms before the attention output and FFN down "
                                               "projections (BitNet SubLN)",
                                .default_value = false});
  m.block = r.get<std::string>(
      "block", {.description = "attention and FFN: sequential, parallel (one norm of the layer "
                               "input feeds both, one residual add) or parallel_two_norms",
                .default_value = "sequential",
                .allowed = kModelBlocks});
}

}  // namespace

ModelSpec read_model(config::ConfigReader& r) {
  ModelSpec m;
  m.name = r.get<std::string>("name", {.description = "model name"});
  m.family = r.get<std::string>(
      "family", {.description = "model family", .allowed = kModelFamilies});
  read_shape(r, m);
  read_structure(r, m);
  if (m.num_heads % m.num_kv_heads != 0) {
    throw r.error("num_kv_heads",
                  "num_heads = " + std::to_string(m.num_heads) +
                      " is not a multiple of num_kv_heads = " + std::to_string(m.num_kv_heads));
  }
  return m;
}

}  // namespace lutsim
