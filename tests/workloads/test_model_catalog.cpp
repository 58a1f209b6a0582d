#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/config/config_error.hpp"
#include "tests/workloads/csv_table.hpp"
#include "tests/workloads/temp_path.hpp"
#include "workloads/model_catalog.hpp"

using namespace lutsim;
namespace fs = std::filesystem;

namespace {

const ModelCatalog& catalog() {
  static const ModelCatalog c("configs");
  return c;
}

// model_arch.csv's activation column in ModelSpec's words.
std::string activation_of(const std::string& csv) {
  if (csv == "ReLU") return "relu";
  if (csv == "GeLU(tanh)") return "gelu";
  if (csv == "SwiGLU(SiLU)") return "silu";
  if (csv == "ReLU^2 gated (relu2)") return "relu2";
  return "unknown: " + csv;
}

}  // namespace

TEST_CASE("the catalog lists the sixteen models of configs/models", "[workloads]") {
  const std::vector<std::string> expected{
      "bitnet_b158_1_3b", "bitnet_b158_2b4t", "bitnet_b158_3b", "bitnet_b158_700m",
      "bloom_176b",       "bloom_7b1",        "llama2_13b",     "llama2_70b",
      "llama2_7b",        "llama3_70b",       "llama3_8b",      "opt_13b",
      "opt_175b",         "opt_30b",          "opt_66b",        "opt_6_7b"};
  CHECK(catalog().names() == expected);
  CHECK(catalog().models_dir() == fs::path("configs") / "models");
}

TEST_CASE("model names are looked up ignoring case and punctuation", "[workloads]") {
  CHECK(model_key("Llama-2-70B") == "llama270b");
  CHECK(model_key("BitNet-b1.58-1.3B") == "bitnetb15813b");
  CHECK(catalog().load("OPT-175B").num_layers == 96);
  CHECK(catalog().load("llama-2-70b").num_kv_heads == 8);
  CHECK(catalog().load("LLaMA-2-7B").name == "Llama-2-7B");
  CHECK(catalog().load("BITNET B1.58 2B4T").activation == "relu2");
  CHECK(catalog().find("opt_6_7b") == fs::path("configs/models/opt_6_7b.yaml"));
  CHECK_FALSE(catalog().find("GPT-3").has_value());
}

TEST_CASE("every catalog model agrees with model_arch.csv", "[workloads]") {
  const auto rows = test::read_csv_table("tests/workloads/data/model_arch.csv");
  REQUIRE(rows.size() == 16);
  for (const auto& r : rows) {
    INFO(r.at("model"));
    const ModelSpec m = catalog().load(r.at("model"));
    CHECK(model_key(m.name) == model_key(r.at("model")));
    CHECK(m.num_layers == std::stoi(r.at("layers")));
    CHECK(m.hidden_size == std::stoi(r.at("hidden")));
    CHECK(m.ffn_intermediate_size == std::stoi(r.at("ffn_intermediate")));
    CHECK(m.num_heads == std::stoi(r.at("heads")));
    CHECK(m.num_kv_heads == std::stoi(r.at("kv_heads")));
    CHECK(m.head_dim == std::stoi(r.at("head_dim")));
    CHECK(m.vocab_size == std::stoi(r.at("vocab")));
    CHECK(m.activation == activation_of(r.at("activation")));
    CHECK(m.gated_ffn == (r.at("gated_ffn") == "True"));
    CHECK(m.linear_bias == (r.at("linear_bias") == "True"));
    CHECK(m.qkv_fused_in_checkpoint == r.at("qkv_fused_in_checkpoint").starts_with("yes"));
  }
}

TEST_CASE("each catalog file is named after its model", "[workloads]") {
  for (const auto& stem : catalog().names()) {
    INFO(stem);
    CHECK(model_key(catalog().load(stem).name) == model_key(stem));
  }
}

TEST_CASE("family facts of the catalog models", "[workloads]") {
  const ModelSpec bloom = catalog().load("BLOOM-176B");
  CHECK(bloom.embedding_norm);
  CHECK(bloom.position_encoding == "alibi");
  CHECK(bloom.norm == "layer_norm");
  CHECK(bloom.tie_word_embeddings);
  const ModelSpec llama = catalog().load("Llama-3-8B");
  CHECK(llama.position_encoding == "rotary");
  CHECK(llama.norm == "rms_norm");
  CHECK_FALSE(llama.tie_word_embeddings);
  CHECK_FALSE(llama.sub_norms);
  CHECK(catalog().load("BitNet-b1.58-3B").sub_norms);
  CHECK(catalog().load("OPT-66B").position_encoding == "learned");
}

TEST_CASE("an unknown model name lists the known models", "[workloads]") {
  CHECK_THROWS_AS(catalog().load("GPT-5"), config::ConfigError);
  CHECK_THROWS_WITH(catalog().load("GPT-5"),
                    Catch::StartsWith("configs/models: unknown model 'GPT-5' (known: ") &&
                        Catch::Contains("opt_175b"));
}

TEST_CASE("the catalog loads a YAML or a config.json given by path", "[workloads]") {
  CHECK(catalog().load("configs/models/opt_13b.yaml").hidden_size == 5120);
  const ModelSpec hf = catalog().load("tests/workloads/data/hf/Llama-2-70b-hf/config.json");
  CHECK(hf.name == "Llama-2-70b-hf");
  CHECK(hf.ffn_intermediate_size == 28672);
  CHECK_THROWS_WITH(catalog().load("no/such/model.yaml"), Catch::StartsWith("no/such/model.yaml"));
}

TEST_CASE("a model YAML with a misspelt key names the file and the key", "[workloads]") {
  const fs::path file = test::unique_temp_path("misspelt_model.yaml");
  {
    std::ifstream base("configs/models/opt_6_7b.yaml");
    std::ofstream out(file);
    out << base.rdbuf() << "num_layer: 3\n";
  }
  try {
    load_model_yaml(file);
    FAIL("no error");
  } catch (const config::ConfigError& e) {
    CHECK(e.where().file == file.string());
    CHECK(e.key_path() == "num_layer");
  }
  fs::remove(file);
}

TEST_CASE("find_configs_dir walks up to the repository configs folder", "[workloads]") {
  const auto found = find_configs_dir({"tests/workloads/data/hf"});
  REQUIRE(found.has_value());
  CHECK(fs::equivalent(*found, "configs"));
  const fs::path lonely = test::unique_temp_path("no_configs");
  fs::create_directories(lonely);
  CHECK(find_configs_dir({lonely}) == std::nullopt);
  CHECK(find_configs_dir({lonely, "tests"}) == found);
  fs::remove(lonely);
}

TEST_CASE("a configs folder without models is an error", "[workloads]") {
  CHECK_THROWS_WITH(ModelCatalog("tests/workloads/data"),
                    "tests/workloads/data/models: expected a folder of model configs");
}
