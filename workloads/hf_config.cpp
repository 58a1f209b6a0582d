#include "workloads/hf_config.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string_view>

#include "core/config/config_error.hpp"
#include "core/io/text_file.hpp"
#include "core/io/utf8_text.hpp"

namespace lutsim {
namespace {

// nlohmann's message without its "[json.exception.<kind>.<id>] " tag and, for
// a parse error, its "parse error at line L, column C: " (the ConfigError
// names the position): what is wrong, in the reader's own words.
std::string json_error_text(const nlohmann::json::exception& e) {
  std::string_view text = e.what();
  if (const auto tag = text.find("] "); text.starts_with("[json.exception.") &&
                                        tag != std::string_view::npos) {
    text.remove_prefix(tag + 2);
  }
  if (const auto colon = text.find(": "); text.starts_with("parse error") &&
                                          colon != std::string_view::npos) {
    text.remove_prefix(colon + 2);
  }
  return std::string(text);
}

using config::ConfigError;
using Keys = std::initializer_list<std::string_view>;

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Typed, located access to the fields of one config.json.
class HfFields {
 public:
  HfFields(const nlohmann::json& json, std::string file) : json_(json), file_(std::move(file)) {}

  ConfigError error(std::string_view key, const std::string& message) const {
    return ConfigError({file_, 0, 0}, std::string(key), message);
  }

  // The first of `keys` present, as an integer >= 1; required unless `fallback`.
  int positive_int(Keys keys, std::optional<int> fallback = std::nullopt) const {
    const auto found = find(keys);
    if (!found) {
      if (fallback) return *fallback;
      throw missing(keys, "an integer >= 1");
    }
    const auto& [key, value] = *found;
    if (!value->is_number_integer() || value->get<std::int64_t>() < 1 ||
        value->get<std::int64_t>() > std::numeric_limits<int>::max()) {
      throw error(key, "expected an integer >= 1, got " + shown(*value));
    }
    return value->get<int>();
  }

  // Whether `key` is present and not null.
  bool has(std::string_view key) const { return find({key}).has_value(); }

  bool boolean(std::string_view key, bool fallback) const {
    const auto found = find({key});
    if (!found) return fallback;
    if (!found->second->is_boolean()) {
      throw error(key, "expected true or false, got " + shown(*found->second));
    }
    return found->second->get<bool>();
  }

  std::optional<std::string> string(std::string_view key) const {
    const auto found = find({key});
    if (!found) return std::nullopt;
    if (!found->second->is_string()) {
      throw error(key, "expected a string, got " + shown(*found->second));
    }
    return found->second->get<std::string>();
  }

  // The strings of an optional list field such as "architectures".
  std::vector<std::string> strings(std::string_view key) const {
    const auto found = find({key});
    if (!found) return {};
    const nlohmann::json& value = *found->second;
    std::vector<std::string> out;
    if (value.is_array()) {
      for (const auto& item : value) {
        if (!item.is_string()) break;
        out.push_back(item.get<std::string>());
      }
      if (out.size() == value.size()) return out;
    }
    throw error(key, "expected a list of strings, got " + shown(value));
  }

 private:
  using Found = std::pair<std::string_view, const nlohmann::json*>;

  std::optional<Found> find(Keys keys) const {
    for (std::string_view key : keys) {
      const auto it = json_.find(std::string(key));
      if (it != json_.end() && !it->is_null()) return Found{key, &*it};
    }
    return std::nullopt;
  }

  ConfigError missing(Keys keys, const std::string& expected) const {
    std::string also;
    for (auto it = keys.begin() + 1; it < keys.end(); ++it) {
      also += (also.empty() ? "" : ", ") + std::string(*it);
    }
    return error(*keys.begin(), "missing (expected " + expected +
                                    (also.empty() ? "" : "; also read from: " + also) + ")");
  }

  static std::string shown(const nlohmann::json& value) {
    std::string text = value.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
  }

  const nlohmann::json& json_;
  std::string file_;
};

std::string activation_of(const HfFields& f, std::string_view key, const std::string& fallback) {
  const std::string act = f.string(key).value_or(fallback);
  if (act == "relu" || act == "relu2" || act == "silu") return act;
  if (act == "swish") return "silu";
  if (act == "gelu" || act == "gelu_new" || act == "gelu_fast" || act == "gelu_pytorch_tanh") {
    return "gelu";
  }
  throw f.error(key,
                "expected one of: relu, relu2, silu, swish, gelu, gelu_new, gelu_fast, "
                "gelu_pytorch_tanh, got \"" +
                    act + "\"");
}

void read_opt(const HfFields& f, ModelSpec& m) {
  m.num_layers = f.positive_int({"num_hidden_layers"});
  m.hidden_size = f.positive_int({"hidden_size"});
  m.ffn_intermediate_size = f.positive_int({"ffn_dim"});
  m.num_heads = f.positive_int({"num_attention_heads"});
  const int projected = f.positive_int({"word_embed_proj_dim"}, m.hidden_size);
  if (projected != m.hidden_size) {
    throw f.error("word_embed_proj_dim", "expected hidden_size = " + std::to_string(m.hidden_size) +
                                             " (project_in/project_out are not modelled), got " +
                                             std::to_string(projected));
  }
  m.activation = activation_of(f, "activation_function", "relu");
  m.linear_bias = f.boolean("enable_bias", true);
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", true);
  m.norm = "layer_norm";
  m.position_encoding = "learned";
}

void read_bloom(const HfFields& f, ModelSpec& m) {
  m.num_layers = f.positive_int({"n_layer", "num_hidden_layers"});
  m.hidden_size = f.positive_int({"hidden_size", "n_embed"});
  m.ffn_intermediate_size = 4 * m.hidden_size;  // BloomMLP: dense_h_to_4h
  m.num_heads = f.positive_int({"n_head", "num_attention_heads"});
  m.activation = "gelu";  // BloomGelu, tanh approximation
  m.linear_bias = true;
  m.qkv_fused_in_checkpoint = true;  // query_key_value
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", true);
  m.norm = "layer_norm";
  m.position_encoding = "alibi";
  m.embedding_norm = true;  // word_embeddings_layernorm
}

// Llama and the families built like it (RMSNorm, rotary, gated FFN, GQA).
void read_llama(const HfFields& f, ModelSpec& m) {
  m.num_layers = f.positive_int({"num_hidden_layers"});
  m.hidden_size = f.positive_int({"hidden_size"});
  m.ffn_intermediate_size = f.positive_int({"intermediate_size"});
  m.num_heads = f.positive_int({"num_attention_heads"});
  m.activation = activation_of(f, "hidden_act", "silu");
  m.gated_ffn = true;
  m.linear_bias = f.boolean("attention_bias", false) || f.boolean("mlp_bias", false);
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", false);
  m.norm = "rms_norm";
  m.position_encoding = "rotary";
}

void read_bitnet(const HfFields& f, ModelSpec& m) {
  read_llama(f, m);
  m.sub_norms = true;  // SubLN before o_proj and down_proj
}

void read_qwen2(const HfFields& f, ModelSpec& m) {
  read_llama(f, m);
  m.linear_bias = true;  // Qwen2Attention: q, k and v projections have biases
}

void read_phi3(const HfFields& f, ModelSpec& m) {
  read_llama(f, m);
  m.qkv_fused_in_checkpoint = true;  // Phi3Attention.qkv_proj (and Phi3MLP.gate_up_proj)
}

// Gemma: GeLU-gated FFN (hidden_activation, else hidden_act), head_dim stated
// (heads x head_dim need not equal the width), embeddings tied by default.
void read_gemma(const HfFields& f, ModelSpec& m) {
  read_llama(f, m);
  m.activation = activation_of(f, f.string("hidden_activation") ? "hidden_activation" : "hidden_act",
                               "gelu_pytorch_tanh");
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", true);
}

// Falcon (model_type falcon): fused query_key_value, multi-query attention
// (new_decoder_architecture: num_kv_heads groups), a GeLU FFN of
// ffn_hidden_size (default 4 x width), attention and FFN in parallel.
void read_falcon(const HfFields& f, ModelSpec& m) {
  m.num_layers = f.positive_int({"num_hidden_layers", "n_layer"});
  m.hidden_size = f.positive_int({"hidden_size"});
  m.num_heads = f.positive_int({"num_attention_heads", "n_head"});
  m.ffn_intermediate_size = f.positive_int({"ffn_hidden_size"}, 4 * m.hidden_size);
  const bool new_architecture = f.boolean("new_decoder_architecture", false);
  if (new_architecture) {
    m.num_kv_heads = f.positive_int({"num_kv_heads"});
  } else {
    m.num_kv_heads = f.boolean("multi_query", true) ? 1 : m.num_heads;
  }
  m.activation = activation_of(f, "activation", "gelu");
  m.linear_bias = f.boolean("bias", false);
  m.qkv_fused_in_checkpoint = true;
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", true);
  m.norm = "layer_norm";
  m.position_encoding = f.boolean("alibi", false) ? "alibi" : "rotary";
  if (f.boolean("parallel_attn", true)) {
    m.block = new_architecture ? "parallel_two_norms" : "parallel";
  }
}

// GPT-J: attention and a GeLU FFN (n_inner, default 4 x width) in parallel on
// one LayerNorm, rotary, biases in the FFN.
void read_gptj(const HfFields& f, ModelSpec& m) {
  m.num_layers = f.positive_int({"n_layer"});
  m.hidden_size = f.positive_int({"n_embd"});
  m.num_heads = f.positive_int({"n_head"});
  m.ffn_intermediate_size = f.positive_int({"n_inner"}, 4 * m.hidden_size);
  m.activation = activation_of(f, "activation_function", "gelu_new");
  m.linear_bias = true;
  m.tie_word_embeddings = f.boolean("tie_word_embeddings", false);
  m.norm = "layer_norm";
  m.position_encoding = "rotary";
  m.block = "parallel";
}

void read_heads(const HfFields& f, ModelSpec& m) {
  if (m.num_kv_heads == 0) m.num_kv_heads = f.positive_int({"num_key_value_heads"}, m.num_heads);
  if (m.num_heads % m.num_kv_heads != 0) {
    throw f.error("num_key_value_heads",
                  "expected a divisor of num_attention_heads = " + std::to_string(m.num_heads) +
                      ", got " + std::to_string(m.num_kv_heads));
  }
  // head_dim is required when the heads do not divide the width.
  const bool divides = m.hidden_size % m.num_heads == 0;
  m.head_dim = divides ? f.positive_int({"head_dim"}, m.hidden_size / m.num_heads)
                       : f.positive_int({"head_dim"});
}

// The families read, by model_type, which is also the ModelSpec's family.
struct HfFamily {
  std::string_view model_type;
  void (*read)(const HfFields&, ModelSpec&);
};

constexpr std::array<HfFamily, 10> kHfFamilies{{{"opt", read_opt},
                                                {"bloom", read_bloom},
                                                {"llama", read_llama},
                                                {"bitnet", read_bitnet},
                                                {"mistral", read_llama},
                                                {"qwen2", read_qwen2},
                                                {"phi3", read_phi3},
                                                {"gemma", read_gemma},
                                                {"falcon", read_falcon},
                                                {"gptj", read_gptj}}};

// A llama config whose architectures name a Bitnet class is BitNet, as in 1bitLLM's repro.
const HfFamily& family_of(const HfFields& f) {
  std::string type = f.string("model_type").value_or("");
  if (type == "llama") {
    for (const auto& a : f.strings("architectures")) {
      if (lower(a).find("bitnet") != std::string::npos) type = "bitnet";
    }
  }
  for (const HfFamily& family : kHfFamilies) {
    if (family.model_type == type) return family;
  }
  std::string known;
  for (const HfFamily& family : kHfFamilies) known += (known.empty() ? "" : ", ") + std::string(family.model_type);
  throw f.error("model_type", "expected one of: " + known + ", got \"" + type + "\"");
}

// Mixture-of-experts configs (Mixtral, Qwen2-MoE, DeepSeek, ...) would be timed
// as one dense FFN: refused, naming the field that says so.
void refuse_experts(const HfFields& f) {
  for (std::string_view key : {"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"}) {
    if (f.has(key)) {
      throw f.error(key, "mixture-of-experts models are not modelled (lutsim would time the experts as "
                         "one dense FFN)");
    }
  }
}

}  // namespace

ModelSpec parse_hf_config(const nlohmann::json& config, const std::string& display_name) {
  if (!config.is_object()) {
    throw ConfigError({display_name, 0, 0}, "", "expected a JSON object at the top level");
  }
  const HfFields f(config, display_name);
  refuse_experts(f);
  const HfFamily& family = family_of(f);
  ModelSpec m;
  m.name = f.string("_name_or_path").value_or("");
  m.family = family.model_type;
  family.read(f, m);
  read_heads(f, m);
  m.vocab_size = f.positive_int({"vocab_size"});
  return m;
}

ModelSpec load_hf_config(const std::filesystem::path& file, const std::string& name) {
  const std::string text = read_text_file(file, [&](const FileReadError&) {
    return ConfigError({file.string(), 0, 0}, "", "cannot open the file for reading");
  });
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte: 1-based index of the last byte read (size + 1 at the end of the text)
    const std::size_t offset = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    const TextPosition at = position_of(text, offset);
    throw ConfigError({file.string(), at.line, at.column}, "",
                      "not valid JSON: " + json_error_text(e));
  } catch (const nlohmann::json::exception& e) {
    // out_of_range for a number no double holds (1e505)
    throw ConfigError({file.string(), 0, 0}, "", "not valid JSON: " + json_error_text(e));
  }
  ModelSpec m = parse_hf_config(json, file.string());
  if (!name.empty()) {
    m.name = name;
  } else if (m.name.empty()) {
    const auto folder = file.parent_path().filename();
    m.name = folder.empty() ? file.stem().string() : folder.string();
  }
  return m;
}

}  // namespace lutsim
