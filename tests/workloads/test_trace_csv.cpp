#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/workloads/temp_path.hpp"
#include "tests/workloads/trace_lookup.hpp"
#include "workloads/model_catalog.hpp"
#include "workloads/trace_csv.hpp"
#include "workloads/trace_generator.hpp"

using namespace lutsim;
namespace fs = std::filesystem;

namespace {

void check_same(const GemmTrace& a, const GemmTrace& b) {
  CHECK(a.model == b.model);
  CHECK(a.phase == b.phase);
  CHECK(a.batch == b.batch);
  CHECK(a.seq_len == b.seq_len);
  CHECK(a.kv_len == b.kv_len);
  CHECK(a.tensor_parallel == b.tensor_parallel);
  CHECK(a.structure == b.structure);
  REQUIRE(a.ops.size() == b.ops.size());
  for (std::size_t i = 0; i < a.ops.size(); ++i) {
    const TraceOp& x = a.ops[i];
    const TraceOp& y = b.ops[i];
    INFO("op " << i << " " << x.name);
    CHECK(x.name == y.name);
    CHECK(x.kind == y.kind);
    CHECK(x.m == y.m);
    CHECK(x.n == y.n);
    CHECK(x.k == y.k);
    CHECK(x.batch == y.batch);
    CHECK(x.elements == y.elements);
    CHECK(x.act_dtype == y.act_dtype);
    CHECK(x.weight_bits == y.weight_bits);
    CHECK(x.count == y.count);
    CHECK(x.inputs == y.inputs);
  }
}

GemmTrace opt_decode_with_structure() {
  static const ModelCatalog catalog("configs");
  TraceRequest r;
  r.batch = 1;
  r.kv_len = 1023;
  r.weight_bits = 4;
  return make_trace(catalog.load("OPT-6.7B"), r);
}

// The format without the optional inputs column.
GemmTrace opt_decode() {
  return test::without_structure(opt_decode_with_structure());
}

const std::string kHeader =
    "name,kind,m [rows],n [cols],k [depth],batch [instances],elements [values],act_dtype,"
    "weight_bits [bits],count [runs per pass]";

// The OPT decode trace's CSV with line `line` (1-based) replaced.
std::string with_line(int line, const std::string& text) {
  std::string csv = to_trace_csv(opt_decode());
  std::size_t begin = 0;
  for (int i = 1; i < line; ++i) begin = csv.find('\n', begin) + 1;
  const std::size_t end = csv.find('\n', begin);
  return csv.replace(begin, end - begin, text);
}

std::string import_error(const std::string& csv) {
  try {
    parse_trace_csv(csv, "t.csv");
  } catch (const TraceCsvError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a trace CSV starts with metadata comments and a header with units", "[workloads]") {
  const std::string csv = to_trace_csv(opt_decode());
  CHECK_THAT(csv, Catch::StartsWith("# lutsim gemm trace v1\n"
                                    "# model: OPT-6.7B\n"
                                    "# phase: decode\n"
                                    "# batch: 1\n"
                                    "# seq_len: 1\n"
                                    "# kv_len: 1023\n"
                                    "# tensor_parallel: 1\n" +
                                    kHeader +
                                    "\n"
                                    "input_norm,norm,1,4096,0,1,4096,fp16,16,32\n"
                                    "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32\n"
                                    "attn_score,attention_score,1,1024,128,32,0,fp16,16,32\n"));
  CHECK_THAT(csv, Catch::EndsWith("lm_head,linear,1,50272,4096,1,0,fp16,16,1\n"));
}

TEST_CASE("traces round-trip through CSV exactly", "[workloads]") {
  const ModelCatalog catalog("configs");
  for (const auto& name : catalog.names()) {
    INFO(name);
    TraceRequest r;
    r.phase = Phase::kPrefill;
    r.batch = 3;
    r.seq_len = 100;
    r.weight_bits = 1;
    r.act_dtype = DataType::kFp8E4M3;
    const GemmTrace t = make_trace(catalog.load(name), r);
    check_same(parse_trace_csv(to_trace_csv(t), "mem.csv"), t);
  }
  GemmTrace odd = opt_decode();
  odd.model = "my, \"quoted\" model";
  odd.ops[0].name = "a,\"b\"";
  check_same(parse_trace_csv(to_trace_csv(odd), "mem.csv"), odd);
  const GemmTrace odd_structure =
      test::renamed(opt_decode_with_structure(), "input_norm", "a,\"b\"");
  check_same(parse_trace_csv(to_trace_csv(odd_structure), "mem.csv"), odd_structure);
}

TEST_CASE("trace CSV files are written and read back", "[workloads]") {
  const fs::path file = test::unique_temp_path("trace") / "opt.csv";
  write_trace_csv(file, opt_decode());
  check_same(read_trace_csv(file), opt_decode());
  fs::remove_all(file.parent_path());
  CHECK_THROWS_WITH(read_trace_csv(file), file.string() + ": cannot open the file for reading");
}

TEST_CASE("CRLF line ends read the same", "[workloads]") {
  std::string csv = to_trace_csv(opt_decode());
  std::string crlf;
  for (char c : csv) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  check_same(parse_trace_csv(crlf, "crlf.csv"), opt_decode());
}

TEST_CASE("a byte-order mark is dropped, bytes outside UTF-8 are refused", "[workloads]") {
  // Issue 16: a BOM gave a confusing message, invalid UTF-8 a bare JSON exception.
  check_same(parse_trace_csv("\xEF\xBB\xBF" + to_trace_csv(opt_decode()), "bom.csv"), opt_decode());
  CHECK(import_error(with_line(9, "input\xFFnorm,norm,1,4096,0,1,4096,fp16,16,32")) ==
        "t.csv:9: invalid UTF-8 byte 0xff (inputs are UTF-8 text)");
}

TEST_CASE("trace CSV import names the file the line and the column", "[workloads]") {
  // Line 9 is the first op row: input_norm.
  CHECK(import_error(with_line(9, "input_norm,norm,x,4096,0,1,4096,fp16,16,32")) ==
        "t.csv:9: m [rows]: expected an integer >= 0, got 'x'");
  CHECK(import_error(with_line(9, "input_norm,norm,1,4096,0,0,4096,fp16,16,32")) ==
        "t.csv:9: batch [instances]: expected an integer >= 1, got '0'");
  CHECK(import_error(with_line(9, "input_norm,conv,1,4096,0,1,4096,fp16,16,32")) ==
        "t.csv:9: kind: unknown op kind 'conv' (one of: linear, attention_score, "
        "attention_value, norm, elementwise)");
  CHECK(import_error(with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp32,4,32")) ==
        "t.csv:10: act_dtype: expected one of fp16, bf16, fp8_e4m3, int8, got 'fp32'");
  // The CSV takes exact names only: the "fp8" alias of parse_data_type is not one.
  CHECK(import_error(with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp8,4,32")) ==
        "t.csv:10: act_dtype: expected one of fp16, bf16, fp8_e4m3, int8, got 'fp8'");
  CHECK(import_error(with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,12,32")) ==
        "t.csv:10: weight_bits [bits]: expected 1..8 or 16, got '12'");
  CHECK(import_error(with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,4,1.5")) ==
        "t.csv:10: count [runs per pass]: expected an integer >= 1, got '1.5'");
  CHECK(import_error(with_line(10, ",linear,1,12288,4096,1,0,fp16,4,32")) ==
        "t.csv:10: name: expected a name, got an empty cell");
  CHECK(import_error(with_line(10, "qkv_proj,linear,1")) == "t.csv:10: expected 10 columns, got 3");
  CHECK(import_error(with_line(10, "\"qkv_proj,linear")) == "t.csv:10: unterminated quoted field");
}

TEST_CASE("a trace row past the modelled size is refused at its line", "[workloads]") {
  // Issue 16 item 4: a row of 2^62 printed "inf ms"; then it was refused without the file or line.
  CHECK(import_error(with_line(10, "qkv_proj,linear,4611686018427387904,12288,4096,1,0,fp16,4,32")) ==
        "t.csv:10: op 'qkv_proj': M x N x K x batch x count MACs exceeds the modelled limit of 2^56 "
        "(72057594037927936) per operator");
  CHECK(import_error(with_line(9, "input_norm,norm,1,4096,0,1,4611686018427387904,fp16,16,32")) ==
        "t.csv:9: op 'input_norm': elements x count exceeds the modelled limit of 2^56 "
        "(72057594037927936) per operator");
}

TEST_CASE("trace CSV import checks the metadata and the header", "[workloads]") {
  CHECK(import_error(with_line(1, "# some other file")) ==
        "t.csv:1: expected '# lutsim gemm trace v1', got '# some other file'");
  CHECK(import_error(with_line(3, "# phase: train")) ==
        "t.csv:3: phase: expected prefill or decode, got 'train'");
  CHECK(import_error(with_line(4, "# batch: 0")) ==
        "t.csv:4: batch: expected an integer >= 1, got '0'");
  CHECK(import_error(with_line(6, "# seq_len: 5")) ==
        "t.csv:6: expected '# kv_len: ...', got '# seq_len: 5'");
  CHECK(import_error(with_line(8, "name,kind,m,n,k")) ==
        "t.csv:8: expected the header row '" + kHeader +
            "' (optionally with ',inputs'), got 'name,kind,m,n,k'");
  CHECK(import_error("# lutsim gemm trace v1\n# model: x\n") ==
        "t.csv:3: expected '# phase: ...', got the end of the file");
  CHECK(import_error(with_line(9, "")) == "t.csv:9: expected 10 columns, got 1");
  // Issue 16 item 9: a header-only trace ran as "0 ms per forward pass".
  const std::string csv = to_trace_csv(opt_decode());
  CHECK(import_error(csv.substr(0, csv.find(kHeader) + kHeader.size() + 1)) ==
        "t.csv:8: no operator rows after the header: expected at least one");
}

TEST_CASE("trace CSV export refuses what import would reject", "[workloads]") {
  GemmTrace t = opt_decode();
  t.ops[1].count = 0;
  CHECK_THROWS_WITH(to_trace_csv(t),
                    Catch::Contains("op 1 (qkv_proj)") && Catch::Contains("count [runs per pass]"));
  t = opt_decode();
  t.ops[0].name = "two\nlines";
  CHECK_THROWS_AS(to_trace_csv(t), std::invalid_argument);
  t = opt_decode();
  t.phase = "train";
  CHECK_THROWS_AS(to_trace_csv(t), std::invalid_argument);
  t = opt_decode();
  t.ops[2].act_dtype = DataType::kFp32;  // a DataType a trace does not carry
  CHECK_THROWS_WITH(to_trace_csv(t), Catch::Contains("act_dtype 'fp32'"));
  t = opt_decode();
  t.ops.clear();
  CHECK_THROWS_WITH(to_trace_csv(t), "to_trace_csv: ops: no operators: expected at least one");
}

namespace {

// The OPT decode trace with structure, as CSV, with line `line` replaced.
std::string structured_with_line(int line, const std::string& text) {
  std::string csv = to_trace_csv(opt_decode_with_structure());
  std::size_t begin = 0;
  for (int i = 1; i < line; ++i) begin = csv.find('\n', begin) + 1;
  return csv.replace(begin, csv.find('\n', begin) - begin, text);
}

}  // namespace

TEST_CASE("a trace's structure is the optional inputs column, one producer per operand",
          "[workloads]") {
  const std::string csv = to_trace_csv(opt_decode_with_structure());
  CHECK_THAT(csv,
             Catch::Contains(kHeader + ",inputs\n"
                                       "input_norm,norm,1,4096,0,1,4096,fp16,16,32,@input\n"
                                       "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32,input_norm\n"
                                       "attn_score,attention_score,1,1024,128,32,0,fp16,16,32,"
                                       "qkv_proj;qkv_proj\n"));
  CHECK_THAT(csv, Catch::Contains("\nattn_residual,elementwise,1,4096,0,1,4096,fp16,16,32,"
                                  "attn_out;@input\n"));
  CHECK_THAT(csv, Catch::EndsWith("lm_head,linear,1,50272,4096,1,0,fp16,16,1,final_norm\n"));
  const GemmTrace back = parse_trace_csv(csv, "s.csv");
  CHECK(back.structure == TraceStructure::kDataflow);
  check_same(back, opt_decode_with_structure());
  // Without the column nothing is inferred, whatever the op names say.
  const GemmTrace plain = parse_trace_csv(to_trace_csv(opt_decode()), "p.csv");
  CHECK(plain.structure == TraceStructure::kNone);
  for (const TraceOp& op : plain.ops) CHECK(op.inputs.empty());
}

TEST_CASE("a bad structure in a trace CSV is an error naming the file, line and op",
          "[workloads]") {
  // Line 10 is qkv_proj, 11 attn_score.
  CHECK(import_error(structured_with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32,norm")) ==
        "t.csv:10: inputs: op 'qkv_proj': input 'norm' names no op of the trace");
  CHECK(import_error(structured_with_line(
            11, "attn_score,attention_score,1,1024,128,32,0,fp16,16,32,qkv_proj;attn_softmax")) ==
        "t.csv:11: inputs: op 'attn_score': input 'attn_softmax' makes a cycle attn_score -> "
        "attn_softmax -> attn_score");
  CHECK(import_error(
            structured_with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32,qkv_proj")) ==
        "t.csv:10: inputs: op 'qkv_proj': input 'qkv_proj' makes a cycle qkv_proj -> qkv_proj");
  CHECK(import_error(structured_with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32,")) ==
        "t.csv:10: inputs: op 'qkv_proj': kind linear takes 1 input(s), one per operand, "
        "got 0");
  CHECK(import_error(structured_with_line(
            11, "attn_score,attention_score,1,1024,128,32,0,fp16,16,32,qkv_proj;;qkv_proj")) ==
        "t.csv:11: inputs: expected op names separated by ';', got 'qkv_proj;;qkv_proj'");
  CHECK(import_error(structured_with_line(10, "qkv_proj,linear,1,12288,4096,1,0,fp16,4,32")) ==
        "t.csv:10: expected 11 columns, got 10");
}

TEST_CASE("trace CSV export refuses a structure that would not read back", "[workloads]") {
  GemmTrace t = opt_decode_with_structure();
  t.ops[1].inputs = {"nowhere"};
  CHECK_THROWS_WITH(to_trace_csv(t),
                    "to_trace_csv: op 1 (qkv_proj): input 'nowhere' names no op "
                    "of the trace");
  t = test::renamed(opt_decode_with_structure(), "input_norm", "in;norm");
  CHECK_THROWS_WITH(to_trace_csv(t),
                    "to_trace_csv: op 0 (in;norm): name holds ';', which separates inputs");
  t = opt_decode();
  t.ops[1].inputs = {"input_norm"};
  CHECK_THROWS_WITH(to_trace_csv(t),
                    "to_trace_csv: op 1 (qkv_proj): has inputs in a trace "
                    "without structure");
}
