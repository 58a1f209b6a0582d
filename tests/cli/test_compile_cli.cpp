// lutsim compile end to end: the graphs and pass reports of a catalog model
// and of a trace CSV, and the inputs it refuses.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/run_lutsim.hpp"
#include "tests/workloads/temp_path.hpp"

namespace {

using lutsim::test::Run;
using lutsim::test::run_lutsim;
namespace fs = std::filesystem;

nlohmann::json read_json(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

}  // namespace

// Llama-2-7B decode, W2: qkv_proj, attn_out, ffn_gate_up and ffn_down are
// split (4 precomputes; the FP16 LM head is kept); the precomputes after
// input_norm, post_attn_norm and ffn_act fuse, attn_out's (after the
// attention output's reshape) does not. 15 ops + input + reshape = 17 nodes.
TEST_CASE("lutsim compile: a catalog model's graphs and pass reports", "[cli][compiler]") {
  const fs::path out = lutsim::test::unique_temp_path("compile_llama");
  const Run r = run_lutsim("compile --model llama2_7b --phase decode --wbits 2 --hw a100_lut_4x "
                           "--out " + out.string() + " --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  CHECK(doc["command"] == "compile");
  CHECK(doc["hardware"] == "A100-LUT-4X");
  CHECK(doc["config"]["passes"]["passes"] ==
        nlohmann::json{"reinterpret_weights", "split_precompute", "fuse_precompute"});
  REQUIRE(doc["passes"].size() == 3);
  const nlohmann::json& reinterpret = doc["passes"][0];
  CHECK(reinterpret["nodes_after"] == 17);
  // qkv_proj, attn_out, ffn_gate_up, ffn_down reinterpreted; the FP16 lm_head kept.
  REQUIRE(reinterpret["effects"].size() == 5);
  CHECK(reinterpret["effects"][0]["outcome"] == "reinterpreted");
  CHECK(reinterpret["effects"][0]["data"] == nlohmann::json{{"weight_bits", 2},
                                                            {"table_entries_before", 16},
                                                            {"table_entries_after", 8}});
  CHECK(reinterpret["effects"][4]["gemms"] == nlohmann::json{"lm_head"});
  CHECK(reinterpret["effects"][4]["outcome"] == "kept");
  const nlohmann::json& split = doc["passes"][1];
  CHECK(split["nodes_before"] == 17);
  CHECK(split["nodes_added"] == 4);
  CHECK(split["nodes_after"] == 21);
  const nlohmann::json& fuse = doc["passes"][2];
  CHECK(fuse["nodes_removed"] == 3);
  CHECK(fuse["nodes_after"] == 18);
  REQUIRE(fuse["effects"].size() == 4);
  CHECK(fuse["effects"][1]["gemms"] == nlohmann::json{"attn_out"});
  CHECK(fuse["effects"][1]["outcome"] == "not_fused");
  CHECK(fuse["effects"][3]["node"] == "ffn_act");
  CHECK(fuse["effects"][3]["outcome"] == "fused");

  CHECK(read_json(out / "passes.json")["passes"] == doc["passes"]);
  CHECK(read_json(out / "graph_before.json")["nodes"].size() == 17);
  const nlohmann::json after = read_json(out / "graph_after.json");
  REQUIRE(after["nodes"].size() == 18);
  CHECK(after["nodes"][1]["name"] == "input_norm");
  CHECK(after["nodes"][1]["output"]["shape"] == nlohmann::json{1, 1024, 8});
  CHECK(after["nodes"][1]["fused"] == nlohmann::json{"input_norm.precompute"});
  std::ifstream dot(out / "graph_after.dot");
  const std::string dot_text{std::istreambuf_iterator<char>(dot), {}};
  CHECK_THAT(dot_text, Catch::Contains("input_norm\\nnorm\\n+ input_norm.precompute\\n1x1024x8 fp16"));
  CHECK(fs::exists(out / "lutsim_run.json"));

  const Run text = run_lutsim("compile --model llama2_7b --phase decode --wbits 2 --hw "
                              "a100_lut_4x --out " + out.string());
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("compiled Llama-2-7B decode for A100-LUT-4X: 17 nodes -> "
                                       "18") &&
                           Catch::Contains("not_fused attn_out [attn_out.reshape.precompute]"));
  fs::remove_all(out);
}

// The lowering of Llama-2-7B decode W2 on A100-LUT-4X: the four LUT GEMMs
// lowered for the tile model's tiling, attn_out's precompute (not fused)
// lowered into its warp program as lutpre; each GEMM's kernel descriptor
// and program written beside passes.json, which says per GEMM the tile,
// fused or not, registers and shared memory. With INT8 table entries on
// this FP16-entry hardware, no GEMM is lowered, each saying why.
TEST_CASE("lutsim compile: kernel descriptors and warp programs per LUT GEMM", "[cli][compiler]") {
  const fs::path out = lutsim::test::unique_temp_path("compile_lowering");
  const std::string args = "compile --model llama2_7b --phase decode --wbits 2 --hw a100_lut_4x "
                           "--out " + out.string();
  const Run r = run_lutsim(args + " --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json lowering = nlohmann::json::parse(r.out)["lowering"];
  REQUIRE(lowering.size() == 4);
  const std::map<std::string, std::string> writer{{"qkv_proj", "input_norm"},
                                                  {"attn_out", "attn_out.reshape.precompute"},
                                                  {"ffn_gate_up", "post_attn_norm"},
                                                  {"ffn_down", "ffn_act"}};
  for (const nlohmann::json& g : lowering) {
    const std::string name = g["gemm"];
    INFO(name);
    REQUIRE(writer.count(name) == 1);
    CHECK(g["lowered"] == true);
    CHECK(g["table_writer"] == writer.at(name));
    CHECK(g["precompute_fused"] == (name != "attn_out"));
    CHECK(g["tables"] == (name == "attn_out" ? "lutpre" : "shared_memory"));
    CHECK(g["datapath"]["table_entries"] == 8);
    CHECK(g["tiling"]["warp_tile"]["n"].get<int>() % 64 == 0);
    // The tiling search's summary: the chosen tiling between the best and worst legal.
    const nlohmann::json& search = g["tiling"]["search"];
    CHECK(search["exhaustive"] == true);
    CHECK(search["lowerable_tilings"].get<int>() > 0);
    CHECK(search["legal_tilings"].get<int>() >= search["lowerable_tilings"].get<int>());
    CHECK(search["best_legal"]["time_s"].get<double>() <= g["tiling"]["time_s"].get<double>());
    CHECK(search["worst_legal"]["time_s"].get<double>() > g["tiling"]["time_s"].get<double>());
    CHECK(g["tiling"]["table_residency"] == "shared_memory");
    CHECK(g["tiling"]["table_entry_format"] == "fp16");
    CHECK(g["warp_program"]["registers"]["total"].get<int>() > 0);
    CHECK(g["files"] == nlohmann::json{{"kernel", "kernels/" + name + ".json"},
                                       {"program", "programs/" + name + ".lmma"}});
    nlohmann::json descriptor = g;
    descriptor.erase("lowered");
    descriptor.erase("files");
    CHECK(read_json(out / "kernels" / (name + ".json")) == descriptor);
    std::ifstream program(out / "programs" / (name + ".lmma"));
    const std::string text{std::istreambuf_iterator<char>(program), {}};
    CHECK_THAT(text, Catch::StartsWith("# " + name + ": 1 x ") && Catch::Contains("lmma.m"));
    CHECK((text.find("lutpre.m") != std::string::npos) == (name == "attn_out"));
  }
  const Run text = run_lutsim(args);
  CHECK(text.status == 0);
  CHECK_THAT(text.out,
             Catch::Contains("lowered attn_out: CTA ") &&
                 Catch::Contains("tables built by lutpre from activations in shared memory "
                                 "(precompute 'attn_out.reshape.precompute' not fused)") &&
                 Catch::Contains("wrote " + (out / "programs" / "qkv_proj.lmma").string()));

  const fs::path int8_tables = lutsim::test::unique_temp_path("compile_int8_tables.yaml");
  std::ofstream(int8_tables)
      << "passes: [reinterpret_weights, split_precompute, fuse_precompute, quantize_tables]\n";
  const Run q8 = run_lutsim(args + " --passes " + int8_tables.string() + " --json");
  REQUIRE(q8.status == 0);
  for (const nlohmann::json& g : nlohmann::json::parse(q8.out)["lowering"]) {
    CHECK(g["lowered"] == false);
    CHECK_THAT(g["reason"].get<std::string>(),
               Catch::Contains("tables of int8_quantized entries: the LUT tensor cores of "
                               "A100-LUT-4X look up fp16 entries"));
  }
  CHECK_FALSE(fs::exists(out / "programs" / "qkv_proj.lmma"));
  fs::remove_all(out);
  fs::remove(int8_tables);
}

TEST_CASE("lutsim compile --layer-time: fusion lowers the precompute's share", "[cli][compiler]") {
  const fs::path dir = lutsim::test::unique_temp_path("compile_layer");
  fs::create_directories(dir);
  const fs::path split_only = dir / "split.yaml";
  std::ofstream(split_only) << "passes: [reinterpret_weights, split_precompute]\n";
  const std::string args = "compile --model llama2_70b --phase prefill --seq 512 --wbits 2 --hw "
                           "a100_lut_4x --layer-time --json --out " + (dir / "out").string();
  const Run fused = run_lutsim(args);
  const Run unfused = run_lutsim(args + " --passes " + split_only.string());
  INFO(fused.out << unfused.out);
  REQUIRE(fused.status == 0);
  REQUIRE(unfused.status == 0);
  const nlohmann::json f = nlohmann::json::parse(fused.out)["layer_time"];
  const nlohmann::json u = nlohmann::json::parse(unfused.out)["layer_time"];
  CHECK(f["layers"] == 80);
  CHECK(u["precompute_time_us"].get<double>() > f["precompute_time_us"].get<double>());
  CHECK(u["precompute_share_percent"].get<double>() > f["precompute_share_percent"].get<double>());
  // Fusion saves exactly the precompute time it removes.
  CHECK(u["layer_time_us"].get<double>() - f["layer_time_us"].get<double>() ==
        Approx(u["precompute_time_us"].get<double>() - f["precompute_time_us"].get<double>()));
  fs::remove_all(dir);
}

// lutsim model times the precomputes lutsim compile reports: one per
// fuse_precompute effect, before the effect's first GEMM, fused or its own
// kernel as the effect says (Llama-2-70B decode: attn_out's is a kernel).
TEST_CASE("lutsim model and lutsim compile agree on which precomputes are fused",
          "[cli][compiler]") {
  const fs::path dir = lutsim::test::unique_temp_path("compile_model_agree");
  const std::string request = " --model Llama-2-70B --phase decode --batch 1 --kv-len 2048 "
                              "--wbits 2 --hw a100_lut_4x";
  const Run compiled = run_lutsim("compile" + request + " --json --out " + (dir / "c").string());
  const Run model = run_lutsim("model" + request + " -o " + (dir / "m").string());
  INFO(compiled.out << model.out);
  REQUIRE(compiled.status == 0);
  REQUIRE(model.status == 0);
  const nlohmann::json fuse = nlohmann::json::parse(compiled.out)["passes"][2];
  REQUIRE(fuse["pass"] == "fuse_precompute");
  const nlohmann::json doc = read_json(dir / "m" / "model.json");
  std::map<std::string, std::string> kernels;  // table_precompute(<gemm>) -> kernel
  for (const nlohmann::json& row : doc["rows"]) {
    const std::string op = row["op"];
    if (op.starts_with("table_precompute(")) kernels[op] = row["kernel"];
  }
  REQUIRE(kernels.size() == fuse["effects"].size());
  std::size_t fused = 0;
  for (const nlohmann::json& e : fuse["effects"]) {
    const std::string op = "table_precompute(" + e["gemms"][0].get<std::string>() + ")";
    INFO(op);
    const bool is_fused = e["outcome"] == "fused";
    fused += is_fused ? 1 : 0;
    CHECK(kernels[op] == (is_fused ? "fused into previous op" : "precompute kernel"));
  }
  CHECK(fused == 3);
  CHECK(kernels["table_precompute(attn_out)"] == "precompute kernel");
  fs::remove_all(dir);
}

TEST_CASE("lutsim compile: a trace CSV and refused inputs", "[cli][compiler]") {
  const fs::path dir = lutsim::test::unique_temp_path("compile_inputs");
  fs::create_directories(dir);
  const std::string trace = (dir / "bloom.csv").string();
  REQUIRE(run_lutsim("trace --model bloom_7b1 --phase decode --wbits 4 --out " + trace).status == 0);
  const std::string out = " --out " + (dir / "out").string();

  const Run csv = run_lutsim("compile --trace " + trace + " --hw a100_lut_8x --json" + out);
  INFO(csv.out);
  REQUIRE(csv.status == 0);
  CHECK(nlohmann::json::parse(csv.out)["passes"][1]["nodes_added"] == 4);

  const Run phase = run_lutsim("compile --trace " + trace + " --phase decode --hw a100_lut_8x" + out);
  CHECK(phase.status != 0);
  CHECK_THAT(phase.out, Catch::Contains("--phase applies to --model only"));

  const Run no_lut = run_lutsim("compile --trace " + trace + " --hw a100_sxm4_80gb" + out);
  CHECK(no_lut.status != 0);
  CHECK_THAT(no_lut.out, Catch::Contains("has no lut_tensor_core section"));

  const fs::path passes = dir / "passes.yaml";
  std::ofstream(passes) << "passes: [split_precompute, fuse]\n";
  const Run bad = run_lutsim("compile --trace " + trace + " --hw a100_lut_8x --passes " +
                             passes.string() + out);
  CHECK(bad.status != 0);
  CHECK_THAT(bad.out, Catch::Contains(passes.string() + ":1") && Catch::Contains("'fuse'"));

  // Issue 16 probe set: shapes the graph refuses named a node but not the trace file.
  std::ifstream corpus("fuzz/corpus/trace_csv/bitnet_decode.csv");
  std::string text((std::istreambuf_iterator<char>(corpus)), std::istreambuf_iterator<char>());
  const std::string row = "attn_score,attention_score,1,17,100,32";
  REQUIRE(text.find(row) != std::string::npos);
  text.replace(text.find(row), row.size(), "attn_score,attention_score,65537,17,100,32");
  const fs::path bad_graph = dir / "bad_graph.csv";
  std::ofstream(bad_graph) << text;
  for (const std::string command : {"compile", "model"}) {
    const Run r = run_lutsim(command + " --hw a100_lut_4x --trace " + bad_graph.string() + out);
    CHECK(r.status == 1);
    CHECK(r.out == "lutsim: error: " + bad_graph.string() +
                       ": graph: node 'attn_score' (attention_score): operand 0 reads "
                       "'rotary_embedding' 1x6400 fp16, expected at least 209718400 values\n");
  }
  fs::remove_all(dir);
}
