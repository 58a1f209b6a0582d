#include "studies/accuracy/accuracy_study_spec.hpp"

#include <cstdint>
#include <stdexcept>

namespace lutsim {
namespace {

// The study holds X (M x K), W (N x K) and several M x N results as doubles:
// each is capped so that the documented key maxima cannot end in a bare
// std::bad_alloc (65536 x 65536 x 2^20 would need 512 GiB for X alone).
constexpr std::int64_t kMaxMatrixElements = std::int64_t{1} << 26;  // 512 MiB of doubles

void check_matrix_sizes(const config::ConfigReader& r, const RandomProblemSpec& p) {
  const auto check = [&](std::string_view key, std::string_view matrix, std::int64_t rows,
                         std::int64_t cols) {
    if (rows * cols <= kMaxMatrixElements) return;
    throw r.error(key, std::string(matrix) + " = " + std::to_string(rows) + " x " +
                           std::to_string(cols) + " = " + std::to_string(rows * cols) +
                           " elements, more than the study's " +
                           std::to_string(kMaxMatrixElements) + " per matrix (512 MiB of doubles)");
  };
  check("k", "X (M x K)", p.m, p.k);
  check("k", "W (N x K)", p.n, p.k);
  check("n", "Y (M x N)", p.m, p.n);
}

RandomProblemSpec read_problem(config::ConfigReader r) {
  RandomProblemSpec p;
  p.m = r.get<int>("m",
                   {.description = "activation rows M (batch x tokens)", .min = 1, .max = 65536});
  p.n = r.get<int>("n", {.description = "output features N", .min = 1, .max = 65536});
  p.k = r.get<int>("k", {.description = "input features K (a multiple of every group size)",
                         .min = 1,
                         .max = 1 << 20});
  check_matrix_sizes(r, p);
  p.activation_stddev = r.get<double>(
      "activation_stddev", {.description = "standard deviation of the normal activations",
                            .default_value = 1.0,
                            .min = 1e-6,
                            .max = 1e4});
  p.symmetric_zero_point = r.get<bool>(
      "symmetric_zero_point",
      {.description = "zero point (2^b-1)/2 instead of a random integer", .default_value = true});
  p.seed = static_cast<std::uint64_t>(
      r.get<std::int64_t>("seed", {.description = "random seed", .default_value = 1, .min = 0}));
  return p;
}

std::vector<std::string> read_names(config::ConfigReader& r, std::string_view key,
                                    std::string description, std::vector<std::string> allowed) {
  return r.get<std::vector<std::string>>(
      key, {.description = std::move(description), .allowed = std::move(allowed)});
}

}  // namespace

AccuracyStudySpec read_accuracy_study(config::ConfigReader& root) {
  AccuracyStudySpec s;
  s.problem = read_problem(root.section("problem", "the random mpGEMM problem"));
  auto d = root.section("datapaths", "datapath choices, crossed");
  const auto acts =
      read_names(d, "activations", "activation types", name_list(kLutActivationTypes));
  const auto bits = d.get<std::vector<std::int64_t>>(
      "weight_bits", {.description = "weight bit widths", .min = 1, .max = 8});
  const auto groups = d.get<std::vector<std::int64_t>>(
      "group_sizes", {.description = "table group sizes k",
                      .default_value = std::vector<std::int64_t>{4},
                      .min = 2,
                      .max = 6});
  const auto forms = read_names(d, "table_forms", "table layouts",
                                {"unsigned_full", "symmetric_full", "symmetric_half"});
  const auto formats =
      read_names(d, "table_formats", "table entry formats", {"fp16", "int8_quantized", "integer"});
  const auto accs =
      read_names(d, "accumulators", "accumulator types", name_list(kLutAccumulatorTypes));

  for (const auto& a : acts)
    for (auto b : bits)
      for (auto k : groups)
        for (const auto& f : forms)
          for (const auto& t : formats)
            for (const auto& acc : accs) {
              LutGemmConfig c{static_cast<int>(b),
                              {.k = static_cast<int>(k), .table_form = parse_table_form(f)},
                              parse_data_type(a),
                              parse_table_entry_format(t),
                              parse_data_type(acc)};
              try {
                c.validate();
              } catch (const std::invalid_argument&) {
                ++s.skipped_combinations;
                continue;
              }
              if (s.problem.k % c.geometry.k != 0) {
                throw root.error("problem", "k = " + std::to_string(s.problem.k) +
                                                " is not a multiple of group size " +
                                                std::to_string(c.geometry.k));
              }
              s.datapaths.push_back(c);
            }
  if (s.datapaths.empty()) throw d.error("activations", "no valid datapath combination");
  return s;
}

}  // namespace lutsim
