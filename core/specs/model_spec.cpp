#include "core/specs/model_spec.hpp"

namespace lutsim {

ModelSpec read_model(config::ConfigReader& r) {
  ModelSpec m;
  m.name = r.get<std::string>("name", {.description = "model name"});
  m.family = r.get<std::string>(
      "family", {.description = "model family", .allowed = {"opt", "bloom", "llama", "bitnet"}});
  m.num_layers = r.get<int>("num_layers", {.description = "decoder layers", .min = 1, .max = 1024});
  m.hidden_size = r.get<int>("hidden_size", {.description = "model width", .min = 1});
  m.ffn_intermediate_size =
      r.get<int>("ffn_intermediate_size", {.description = "FFN inner width", .min = 1});
  m.num_heads = r.get<int>("num_heads", {.description = "attention heads", .min = 1});
  m.num_kv_heads = r.get<int>("num_kv_heads", {.description = "key/value heads (GQA)", .min = 1});
  m.head_dim = r.get<int>("head_dim", {.description = "width of one head", .min = 1});
  m.vocab_size = r.get<int>("vocab_size", {.description = "vocabulary size", .min = 1});
  m.activation = r.get<std::string>("activation", {.description = "FFN activation",
                                                   .allowed = {"relu", "gelu", "silu", "relu2"}});
  m.gated_ffn = r.get<bool>("gated_ffn", {.description = "gated FFN (up and gate projections)"});
  m.linear_bias = r.get<bool>("linear_bias", {.description = "linear layers have biases"});
  if (m.num_heads % m.num_kv_heads != 0) {
    throw r.error("num_kv_heads",
                  "num_heads = " + std::to_string(m.num_heads) +
                      " is not a multiple of num_kv_heads = " + std::to_string(m.num_kv_heads));
  }
  return m;
}

}  // namespace lutsim
