// Strict typed reads: ConfigReader::get/section/section_list, unknown keys,
// resolved JSON, params(), and --set values as the reader sees them.

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/config/config_document.hpp"
#include "tests/core/config/config_test_data.hpp"
#include "tests/support/config_error_from.hpp"

namespace {

using lutsim::config::ConfigDocument;
using lutsim::config::ConfigError;
using lutsim::config::ConfigReader;
using lutsim::config::Param;
using lutsim::config::ParamInfo;
using lutsim::config::ParamType;
using lutsim::config::SourceLocation;

using lutsim::test::kConfigTestData;

using lutsim::test::config_error_from;

struct Memory {
  double dram_bw_bytes_per_s = 0;
  std::vector<std::int64_t> channels;
};

struct Gpu {
  std::string name;
  double freq_hz = 0;
  std::int64_t sm_count = 0;
  bool ecc = false;
  std::string dtype;
  std::optional<Memory> memory;
};

// The test hardware schema, declared where it is read as lutsim components do.
Gpu read_gpu(ConfigReader root) {
  Gpu gpu;
  gpu.name = root.get<std::string>("name", {.description = "config name"});
  ConfigReader g = root.section("gpu", "GPU parameters");
  gpu.freq_hz = g.get<double>("freq_hz", {.description = "SM clock", .unit = "Hz", .min = 1.0});
  gpu.sm_count = g.get<std::int64_t>(
      "sm_count", {.description = "streaming multiprocessors", .min = 1, .max = 1024});
  gpu.ecc = g.get<bool>("ecc", {.description = "DRAM ECC", .default_value = false});
  gpu.dtype = g.get<std::string>("dtype", {.description = "weight format",
                                           .default_value = "fp16",
                                           .allowed = {"fp16", "int8", "fp8"}});
  if (auto m = root.optional_section("memory", "DRAM")) {
    Memory memory;
    memory.dram_bw_bytes_per_s = m->get<double>(
        "dram_bw_bytes_per_s",
        {.description = "DRAM bandwidth", .unit = "bytes/s", .default_value = 1.0e12, .min = 1.0});
    memory.channels = m->get<std::vector<std::int64_t>>(
        "channels",
        {.description = "channel counts", .default_value = std::vector<std::int64_t>{1}, .min = 1});
    gpu.memory = memory;
  }
  return gpu;
}

// Loads `file` from the fixture folder, applies `sets`, reads and checks it.
ConfigDocument load_gpu(const std::string& file, const std::vector<std::string>& sets = {}) {
  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + file);
  for (const std::string& set : sets) doc.apply_override(set);
  read_gpu(doc.root());
  doc.check_all_consumed();
  return doc;
}

// get<T>("v", param) from the one-line document `yaml`.
template <ParamType T>
T read_inline(const std::string& yaml, const Param<T>& param = {}) {
  ConfigDocument doc = ConfigDocument::load_string(yaml, "inline.yaml", ".");
  return doc.root().get<T>("v", param);
}

template <ParamType T>
std::string inline_error(const std::string& yaml, const Param<T>& param = {}) {
  return config_error_from([&] { read_inline<T>(yaml, param); }).what();
}

const ParamInfo& find_param(const ConfigDocument& doc, const std::string& path) {
  for (const ParamInfo& info : doc.params()) {
    if (info.path == path) return info;
  }
  FAIL("no param " << path);
  throw std::logic_error("unreachable");
}

struct Axis {
  std::string key;
  std::vector<double> values;
};

std::vector<ConfigReader> read_axes(ConfigDocument& doc, std::vector<Axis>& axes) {
  ConfigReader root = doc.root();
  root.get<std::string>("name", {.description = "config name"});
  ConfigReader sweep = root.section("sweep", "sweep definition");
  std::vector<ConfigReader> readers = sweep.section_list("axes", "sweep axes");
  for (ConfigReader& axis : readers) {
    Axis a;
    a.key = axis.get<std::string>("key", {.description = "swept parameter"});
    a.values = axis.get<std::vector<double>>(
        "values", {.description = "values to sweep", .default_value = std::vector<double>{}});
    axes.push_back(a);
  }
  return readers;
}

}  // namespace

TEST_CASE("get reads every supported type from a valid file", "[config][reader]") {
  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + "gpu_valid.yaml");
  const Gpu gpu = read_gpu(doc.root());
  doc.check_all_consumed();
  CHECK(gpu.name == "test_gpu");
  CHECK(gpu.freq_hz == 1.41e9);
  CHECK(gpu.sm_count == 108);
  CHECK(gpu.ecc);
  CHECK(gpu.dtype == "fp16");
  REQUIRE(gpu.memory.has_value());
  CHECK(gpu.memory->dram_bw_bytes_per_s == 2.0e12);
  CHECK(gpu.memory->channels == std::vector<std::int64_t>{1, 2, 4});
}

TEST_CASE("integers: decimal, hex and integral float literals", "[config][reader]") {
  CHECK(read_inline<std::int64_t>("v: 42") == 42);
  CHECK(read_inline<std::int64_t>("v: -7") == -7);
  CHECK(read_inline<std::int64_t>("v: +7") == 7);
  CHECK(read_inline<std::int64_t>("v: 0x1F") == 31);
  CHECK(read_inline<std::int64_t>("v: 1.41e9") == 1410000000);
  CHECK(read_inline<std::int64_t>("v: 2.0") == 2);
  CHECK(read_inline<std::int64_t>("v: 9223372036854775807") == INT64_MAX);
  CHECK(read_inline<std::int64_t>("v: -9223372036854775808") == INT64_MIN);
  CHECK(read_inline<int>("v: 12") == 12);
}

TEST_CASE("integers reject quoted, fractional and oversized values", "[config][reader]") {
  using I = std::int64_t;
  CHECK(inline_error<I>("v: \"3\"") ==
        "inline.yaml:1:4: v: expected an integer, got a quoted string '3'");
  CHECK(inline_error<I>("v: 2.5") == "inline.yaml:1:4: v: expected an integer, got '2.5'");
  CHECK(inline_error<I>("v: 12abc") == "inline.yaml:1:4: v: expected an integer, got '12abc'");
  CHECK(inline_error<I>("v: 1_000") == "inline.yaml:1:4: v: expected an integer, got '1_000'");
  CHECK(inline_error<I>("v: true") == "inline.yaml:1:4: v: expected an integer, got 'true'");
  CHECK(inline_error<I>("v:") == "inline.yaml:1:1: v: expected an integer, got an empty value");
  CHECK(inline_error<I>("v: 9223372036854775808") ==
        "inline.yaml:1:4: v: expected an integer, got '9223372036854775808' "
        "(outside the 64-bit integer range)");
  CHECK(inline_error<I>("v: 1e30") ==
        "inline.yaml:1:4: v: expected an integer, got '1e30' "
        "(too large to be exact as a floating-point literal; write all the digits)");
  CHECK(inline_error<I>("v: 7", {.unit = "bytes", .min = 8}) ==
        "inline.yaml:1:4: v: value 7 is out of range: must be >= 8");
  CHECK(inline_error<I>("v: x", {.unit = "bytes"}) ==
        "inline.yaml:1:4: v: expected an integer (bytes), got 'x'");
  CHECK(inline_error<int>("v: 3000000000") ==
        "inline.yaml:1:4: v: value 3000000000 is out of range: must be in "
        "[-2147483648, 2147483647]");
}

TEST_CASE("numbers reject words, infinities and trailing text", "[config][reader]") {
  CHECK(read_inline<double>("v: 1.5") == 1.5);
  CHECK(read_inline<double>("v: -2") == -2.0);
  CHECK(read_inline<double>("v: +0.5") == 0.5);
  CHECK(read_inline<double>("v: 1e-3") == 1e-3);
  const Param<double> hz{.unit = "Hz"};
  CHECK(inline_error<double>("v: fast", hz) ==
        "inline.yaml:1:4: v: expected a number (Hz), got 'fast'");
  CHECK(inline_error<double>("v: 1.5GHz", hz) ==
        "inline.yaml:1:4: v: expected a number (Hz), got '1.5GHz'");
  CHECK(inline_error<double>("v: .inf") == "inline.yaml:1:4: v: expected a number, got '.inf'");
  CHECK(inline_error<double>("v: .nan") == "inline.yaml:1:4: v: expected a number, got '.nan'");
  CHECK(inline_error<double>("v: inf") == "inline.yaml:1:4: v: expected a number, got 'inf'");
  CHECK(inline_error<double>("v: 1e999") == "inline.yaml:1:4: v: expected a number, got '1e999'");
  CHECK(inline_error<double>("v: '1.5'") ==
        "inline.yaml:1:4: v: expected a number, got a quoted string '1.5'");
}

TEST_CASE("booleans are exactly true or false", "[config][reader]") {
  CHECK(read_inline<bool>("v: true"));
  CHECK_FALSE(read_inline<bool>("v: false"));
  CHECK(inline_error<bool>("v: yes") == "inline.yaml:1:4: v: expected true or false, got 'yes'");
  CHECK(inline_error<bool>("v: True") == "inline.yaml:1:4: v: expected true or false, got 'True'");
  CHECK(inline_error<bool>("v: 1") == "inline.yaml:1:4: v: expected true or false, got '1'");
  CHECK(inline_error<bool>("v: 'true'") ==
        "inline.yaml:1:4: v: expected true or false, got a quoted string 'true'");
}

TEST_CASE("strings accept any scalar and enforce allowed values", "[config][reader]") {
  CHECK(read_inline<std::string>("v: 3") == "3");
  CHECK(read_inline<std::string>("v: \"a b\"") == "a b");
  CHECK(inline_error<std::string>("v: [a]") == "inline.yaml:1:4: v: expected a string, got a list");
  CHECK(inline_error<std::string>("v: ~") ==
        "inline.yaml:1:4: v: expected a string, got an empty value");

  const auto error = config_error_from([] { load_gpu("bad_enum.yaml"); });
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/bad_enum.yaml:5:10: gpu.dtype: "
        "expected one of 'fp16', 'int8', 'fp8', got 'fp32'");
}

TEST_CASE("lists name the failing element index", "[config][reader]") {
  using Ints = std::vector<std::int64_t>;
  CHECK(read_inline<Ints>("v: [1, 2, 3]") == Ints{1, 2, 3});
  CHECK(read_inline<Ints>("v:\n  - 4\n  - 5\n") == Ints{4, 5});
  CHECK(read_inline<std::vector<double>>("v: [1, 2.5]") == std::vector<double>{1.0, 2.5});
  CHECK(inline_error<Ints>("v: [1, 2, x]") ==
        "inline.yaml:1:11: v[2]: expected an integer, got 'x'");
  CHECK(inline_error<Ints>("v: [1, 0]", {.min = 1}) ==
        "inline.yaml:1:8: v[1]: value 0 is out of range: must be >= 1");
  CHECK(inline_error<Ints>("v: 5", {.unit = "bytes"}) ==
        "inline.yaml:1:4: v: expected a list of integers (bytes), got '5'");
  CHECK(inline_error<std::vector<std::string>>("v: [fp16, fp64]", {.allowed = {"fp16", "int8"}}) ==
        "inline.yaml:1:11: v[1]: expected one of 'fp16', 'int8', got 'fp64'");
}

TEST_CASE("a list names distinct values, a tuple may repeat them", "[config][reader]") {
  // Issue 16 item 9: `weight_bits: []` ran nothing, `weight_bits: [2,2,2]` tripled the rows.
  using Ints = std::vector<std::int64_t>;
  CHECK(inline_error<Ints>("v: []") ==
        "inline.yaml:1:4: v: an empty list: expected at least one value");
  CHECK(inline_error<Ints>("v: [2, 2, 2]") ==
        "inline.yaml:1:8: v[1]: '2' repeats v[0]: a list names distinct values");
  CHECK(inline_error<std::vector<std::string>>("v: [a, b, a]") ==
        "inline.yaml:1:11: v[2]: 'a' repeats v[0]: a list names distinct values");
  CHECK(read_inline<Ints>("v: [64, 64, 4]", {.tuple = true}) == Ints{64, 64, 4});
  CHECK(read_inline<Ints>("v: []", {.tuple = true}).empty());
  CHECK_THROWS_AS(read_inline<std::int64_t>("v: 1", {.tuple = true}), std::logic_error);

  ConfigDocument doc = ConfigDocument::load_string("axes: []\n", "inline.yaml", ".");
  CHECK_THROWS_WITH(doc.root().section_list("axes", "swept parameters"),
                    "inline.yaml:1:7: axes: an empty list: expected at least one mapping "
                    "(swept parameters)");
}

TEST_CASE("a list or mapping where a scalar is expected is a type error", "[config][reader]") {
  const auto list = config_error_from([] { load_gpu("list_for_scalar.yaml"); });
  CHECK(std::string(list.what()) ==
        "tests/core/config/data/list_for_scalar.yaml:4:13: gpu.sm_count: "
        "expected an integer, got a list");
  CHECK(inline_error<double>("v: {a: 1}") ==
        "inline.yaml:1:4: v: expected a number, got a mapping");

  const auto quoted = config_error_from([] { load_gpu("quoted_int.yaml"); });
  CHECK(quoted.where().file == "tests/core/config/data/quoted_int.yaml");
  CHECK(quoted.where().line == 4);
  CHECK(quoted.where().column == 13);
  CHECK(quoted.key_path() == "gpu.sm_count");
  CHECK(quoted.message() == "expected an integer, got a quoted string '108'");

  const auto word = config_error_from([] { load_gpu("word_for_double.yaml"); });
  CHECK(std::string(word.what()) ==
        "tests/core/config/data/word_for_double.yaml:3:12: gpu.freq_hz: "
        "expected a number (Hz), got 'fast'");

  auto doc = ConfigDocument::load_string("name: x\ngpu: 5\n", "inline.yaml", ".");
  const auto section = config_error_from([&] { read_gpu(doc.root()); });
  CHECK(std::string(section.what()) ==
        "inline.yaml:2:6: gpu: expected a mapping (GPU parameters), got '5'");
}

TEST_CASE("missing required key names the enclosing mapping's location", "[config][reader]") {
  const auto error = config_error_from([] { load_gpu("missing_key.yaml"); });
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/missing_key.yaml:3:3: gpu.freq_hz: "
        "missing required key 'freq_hz' (SM clock, Hz)");
  CHECK(error.key_path() == "gpu.freq_hz");

  auto doc = ConfigDocument::load_string("name: x\n", "inline.yaml", ".");
  CHECK_THROWS_WITH(read_gpu(doc.root()),
                    "inline.yaml:1:1: gpu: missing required section 'gpu' (GPU parameters)");
}

TEST_CASE("out-of-range values report the bound", "[config][reader]") {
  const auto error = config_error_from([] { load_gpu("out_of_range.yaml"); });
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/out_of_range.yaml:4:13: gpu.sm_count: "
        "value 0 is out of range: must be in [1, 1024]");
  CHECK(inline_error<double>("v: -5", {.min = 1.0}) ==
        "inline.yaml:1:4: v: value -5 is out of range: must be >= 1");
  CHECK(inline_error<double>("v: 2.5e9", {.max = 2.0e9}) ==
        "inline.yaml:1:4: v: value 2.5e9 is out of range: must be <= 2e+09");
}

TEST_CASE("unknown keys list the allowed keys", "[config][reader]") {
  const auto error = config_error_from([] { load_gpu("unknown_key.yaml"); });
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/unknown_key.yaml:5:3: gpu.dtpye: unknown key 'dtpye' "
        "(allowed keys: dtype, ecc, freq_hz, sm_count); did you mean 'dtype'?");
  CHECK(error.where().line == 5);
  CHECK(error.where().column == 3);
  CHECK(error.key_path() == "gpu.dtpye");
}

TEST_CASE("check_all_consumed reports nested unknown keys", "[config][reader]") {
  const auto nested = config_error_from([] { load_gpu("nested_unknown_key.yaml"); });
  CHECK(std::string(nested.what()) ==
        "tests/core/config/data/nested_unknown_key.yaml:7:3: memory.chanels: unknown key "
        "'chanels' (allowed keys: channels, dram_bw_bytes_per_s); did you mean 'channels'?");

  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + "sweep_unknown.yaml");
  std::vector<Axis> axes;
  read_axes(doc, axes);
  CHECK_THROWS_WITH(doc.check_all_consumed(),
                    "tests/core/config/data/sweep_unknown.yaml:7:7: sweep.axes[1].valeus: "
                    "unknown key 'valeus' (allowed keys: key, values); did you mean 'values'?");

  // A section that is present but never read is unknown as a whole.
  auto unread = ConfigDocument::load_string("a: 1\nextra:\n  b: 2\n", "inline.yaml", ".");
  unread.root().get<std::int64_t>("a", {});
  CHECK_THROWS_WITH(unread.check_all_consumed(),
                    "inline.yaml:2:1: extra: unknown key 'extra' (allowed keys: a)");
}

TEST_CASE("sections: required, optional and null", "[config][reader]") {
  auto doc = ConfigDocument::load_string("name: x\ngpu: {freq_hz: 1e9, sm_count: 4}\nmemory: ~\n",
                                         "inline.yaml", ".");
  ConfigReader root = doc.root();
  const Gpu gpu = read_gpu(root);
  doc.check_all_consumed();
  CHECK_FALSE(gpu.memory.has_value());  // explicit null drops an optional section
  CHECK(doc.resolved().at("memory").is_null());
  CHECK(root.has("gpu"));
  CHECK_FALSE(root.has("cache"));
  CHECK(root.path().empty());
  CHECK(root.section("gpu", "GPU parameters").path() == "gpu");
  CHECK(root.section("gpu", "GPU parameters").location().column == 6);
}

TEST_CASE("section_list gives element readers with indexed paths", "[config][reader]") {
  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + "sweep.yaml");
  std::vector<Axis> axes;
  const auto error = config_error_from([&] { read_axes(doc, axes); });
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/sweep.yaml:7:23: sweep.axes[1].values[1]: "
        "expected a number, got 'fast'");

  auto good = ConfigDocument::load_string(
      "name: s\nsweep:\n  axes:\n    - key: a\n      values: [1, 2]\n    - key: b\n", "inline.yaml",
      ".");
  axes.clear();
  const std::vector<ConfigReader> readers = read_axes(good, axes);
  good.check_all_consumed();
  REQUIRE(readers.size() == 2);
  CHECK(readers[0].path() == "sweep.axes[0]");
  CHECK(readers[1].path() == "sweep.axes[1]");
  CHECK(readers[1].location().line == 6);
  CHECK(readers[1].location().column == 7);
  CHECK(axes[0].values == std::vector<double>{1.0, 2.0});
  CHECK(axes[1].values.empty());
  CHECK(good.resolved().at("sweep").at("axes").at(1).at("key") == "b");
  CHECK(find_param(good, "sweep.axes[].values").default_text == "[]");

  auto not_mappings =
      ConfigDocument::load_string("name: s\nsweep:\n  axes: [1]\n", "inline.yaml", ".");
  CHECK_THROWS_WITH(read_axes(not_mappings, axes),
                    "inline.yaml:3:10: sweep.axes[0]: expected a mapping (sweep axes), got '1'");
}

TEST_CASE("resolved JSON holds defaults and overridden values", "[config][reader]") {
  const ConfigDocument doc = load_gpu("gpu_valid.yaml", {"gpu.sm_count=96", "memory.channels=[8]"});
  const nlohmann::json expected = {
      {"name", "test_gpu"},
      {"gpu", {{"freq_hz", 1.41e9}, {"sm_count", 96}, {"ecc", true}, {"dtype", "fp16"}}},
      {"memory", {{"dram_bw_bytes_per_s", 2.0e12}, {"channels", {8}}}},
  };
  CHECK(doc.resolved() == expected);
  CHECK(doc.resolved()["gpu"]["sm_count"].is_number_integer());
  CHECK(doc.resolved()["gpu"]["freq_hz"].is_number_float());

  auto minimal = ConfigDocument::load_string("name: m\ngpu: {freq_hz: 1e9, sm_count: 4}\n",
                                             "inline.yaml", ".");
  read_gpu(minimal.root());
  CHECK(minimal.resolved().at("gpu").at("dtype") == "fp16");
  CHECK(minimal.resolved().at("gpu").at("ecc") == false);
  CHECK(minimal.resolved().at("memory").is_null());
}

TEST_CASE("params lists description, unit, default and range", "[config][reader]") {
  const ConfigDocument doc = load_gpu("gpu_valid.yaml");
  std::vector<std::string> paths;
  for (const ParamInfo& info : doc.params()) paths.push_back(info.path);
  CHECK(paths == std::vector<std::string>{"name", "gpu", "gpu.freq_hz", "gpu.sm_count", "gpu.ecc",
                                          "gpu.dtype", "memory", "memory.dram_bw_bytes_per_s",
                                          "memory.channels"});
  const ParamInfo& freq = find_param(doc, "gpu.freq_hz");
  CHECK(freq.type == "number");
  CHECK(freq.unit == "Hz");
  CHECK(freq.description == "SM clock");
  CHECK(freq.default_text == "required");
  CHECK(freq.range_text == ">= 1");
  CHECK(find_param(doc, "gpu.sm_count").type == "integer");
  CHECK(find_param(doc, "gpu.sm_count").range_text == "[1, 1024]");
  CHECK(find_param(doc, "gpu.ecc").default_text == "false");
  CHECK(find_param(doc, "gpu.dtype").default_text == "fp16");
  CHECK(find_param(doc, "gpu.dtype").range_text == "one of: fp16, int8, fp8");
  CHECK(find_param(doc, "memory").type == "optional section");
  CHECK(find_param(doc, "memory").description == "DRAM");
  CHECK(find_param(doc, "memory.dram_bw_bytes_per_s").unit == "bytes/s");
  CHECK(find_param(doc, "memory.dram_bw_bytes_per_s").default_text == "1e+12");
  CHECK(find_param(doc, "memory.channels").type == "list of integers");
  CHECK(find_param(doc, "memory.channels").default_text == "[1]");
}

TEST_CASE("override: values are type checked and located in the --set text",
          "[config][reader][set]") {
  const auto word = config_error_from([] { load_gpu("gpu_valid.yaml", {"gpu.sm_count=abc"}); });
  CHECK(std::string(word.what()) ==
        "--set gpu.sm_count=abc:1:20: gpu.sm_count: expected an integer, got 'abc'");
  CHECK(word.where().file == "--set gpu.sm_count=abc");

  CHECK_THROWS_WITH(load_gpu("gpu_valid.yaml", {"gpu.sm_count=2000"}),
                    "--set gpu.sm_count=2000:1:20: gpu.sm_count: "
                    "value 2000 is out of range: must be in [1, 1024]");
  CHECK_THROWS_WITH(load_gpu("gpu_valid.yaml", {"memory.channels=[2, x]"}),
                    "--set memory.channels=[2, x]:1:27: memory.channels[1]: "
                    "expected an integer, got 'x'");
  CHECK_THROWS_WITH(load_gpu("gpu_valid.yaml", {"gpu.sm_count='96'"}),
                    "--set gpu.sm_count='96':1:20: gpu.sm_count: "
                    "expected an integer, got a quoted string '96'");

  const ConfigDocument doc = load_gpu("gpu_valid.yaml", {"name=foo", "gpu.freq_hz=1.5e9"});
  CHECK(doc.resolved()["name"] == "foo");
  CHECK(doc.resolved()["gpu"]["freq_hz"] == 1.5e9);
}

TEST_CASE("override: of an unknown key lists allowed keys and says --set",
          "[config][reader][set]") {
  const auto error = config_error_from([] { load_gpu("gpu_valid.yaml", {"gpu.sm_cout=96"}); });
  CHECK(std::string(error.what()) ==
        "--set gpu.sm_cout=96:1:11: gpu.sm_cout: unknown key 'sm_cout' from --set "
        "(allowed keys: dtype, ecc, freq_hz, sm_count); did you mean 'sm_count'?");

  CHECK_THROWS_WITH(load_gpu("gpu_valid.yaml", {"gpuu.sm_count=1"}),
                    "--set gpuu.sm_count=1:1:7: gpuu: unknown key 'gpuu' from --set "
                    "(allowed keys: gpu, memory, name); did you mean 'gpu'?");
}

TEST_CASE("override: can add a key that has a default or an absent optional section",
          "[config][reader][set]") {
  auto doc = ConfigDocument::load_string("name: m\ngpu: {freq_hz: 1e9, sm_count: 4}\n",
                                         "inline.yaml", ".");
  doc.apply_override("gpu.dtype=int8");
  doc.apply_override("memory.channels=[4]");
  const Gpu gpu = read_gpu(doc.root());
  doc.check_all_consumed();
  CHECK(gpu.dtype == "int8");
  REQUIRE(gpu.memory.has_value());
  CHECK(gpu.memory->channels == std::vector<std::int64_t>{4});
  CHECK(gpu.memory->dram_bw_bytes_per_s == 1.0e12);
}

TEST_CASE("reader.error gives callers located errors for cross-field checks", "[config][reader]") {
  ConfigDocument doc = ConfigDocument::load_file(kConfigTestData + "gpu_valid.yaml");
  read_gpu(doc.root());
  ConfigReader gpu = doc.root().section("gpu", "GPU parameters");
  const ConfigError error = gpu.error("sm_count", "must be a multiple of 64");
  CHECK(std::string(error.what()) ==
        "tests/core/config/data/gpu_valid.yaml:5:13: gpu.sm_count: must be a multiple of 64");
  const SourceLocation absent = gpu.location_of("dtype");  // not in the file: the mapping
  CHECK(absent.line == 4);
  CHECK(absent.column == 3);
}

TEST_CASE("invalid declarations are logic errors", "[config][reader]") {
  auto doc = ConfigDocument::load_string("v: 1\n", "inline.yaml", ".");
  ConfigReader root = doc.root();
  CHECK_THROWS_AS(root.get<std::int64_t>("v", {.min = 5, .max = 1}), std::logic_error);
  CHECK_THROWS_AS(root.get<std::string>("v", {.min = "a"}), std::logic_error);
  CHECK_THROWS_AS(root.get<std::int64_t>("v", {.allowed = {"a"}}), std::logic_error);
  CHECK_THROWS_AS(root.get<std::int64_t>("w", {.default_value = 0, .min = 1}), std::logic_error);
  CHECK_THROWS_AS(root.get<std::int64_t>("BadKey", {}), std::logic_error);
}

TEST_CASE("readers stay valid when the document is moved", "[config][reader]") {
  ConfigDocument doc = ConfigDocument::load_string("v: 3\n", "inline.yaml", ".");
  ConfigReader root = doc.root();
  const ConfigDocument moved = std::move(doc);
  CHECK(root.get<std::int64_t>("v", {}) == 3);
  CHECK(moved.resolved().at("v") == 3);
}
