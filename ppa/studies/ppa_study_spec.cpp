#include "ppa/studies/ppa_study_spec.hpp"

#include <array>
#include <stdexcept>

namespace lutsim::ppa {
namespace {

constexpr std::array<std::pair<PpaStudyKind, const char*>, 6> kStudyNames{{
    {PpaStudyKind::kDotUnits, "ppa_dot_units"},
    {PpaStudyKind::kGroupSize, "ppa_group_size"},
    {PpaStudyKind::kArrayShapes, "ppa_array_shapes"},
    {PpaStudyKind::kWeightBits, "ppa_weight_bits"},
    {PpaStudyKind::kAblation, "ppa_ablation"},
    {PpaStudyKind::kTensorCore, "ppa_tensor_core"},
}};

std::vector<std::string> study_names() {
  std::vector<std::string> v;
  for (const auto& [k, n] : kStudyNames) v.push_back(n);
  return v;
}

const std::vector<std::string> kActivationNames = {"fp16", "fp8_e4m3", "int8"};

std::vector<ActivationType> read_activations(config::ConfigReader& r, std::vector<std::string> def) {
  std::vector<ActivationType> out;
  for (const std::string& a : r.get<std::vector<std::string>>(
           "activations", {.description = "activation formats",
                           .default_value = def,
                           .allowed = kActivationNames})) {
    out.push_back(parse_activation_type(a));
  }
  if (out.empty()) throw r.error("activations", "needs at least one activation format");
  return out;
}

std::vector<int> read_ints(config::ConfigReader& r, const std::string& key, std::string what,
                           std::vector<std::int64_t> def, int lo, int hi) {
  std::vector<int> out;
  for (std::int64_t v : r.get<std::vector<std::int64_t>>(
           key, {.description = std::move(what), .default_value = def, .min = lo, .max = hi})) {
    out.push_back(static_cast<int>(v));
  }
  if (out.empty()) throw r.error(key, "needs at least one value");
  return out;
}

// [M, N, K] of an array.
DesignPoint read_shape(config::ConfigReader& r, const std::string& key,
                       std::vector<std::int64_t> def, DesignKind kind) {
  const auto mnk = r.get<std::vector<std::int64_t>>(
      key, {.description = "array shape [M, N, K]", .default_value = def, .min = 1, .max = 1024});
  if (mnk.size() != 3) throw r.error(key, "expected [M, N, K], three integers");
  DesignPoint d;
  d.kind = kind;
  d.geometry.m = static_cast<int>(mnk[0]);
  d.geometry.n = static_cast<int>(mnk[1]);
  d.geometry.k = static_cast<int>(mnk[2]);
  return d;
}

void check_design(config::ConfigReader& r, const std::string& key, const DesignPoint& d) {
  try {
    d.validate();
  } catch (const std::invalid_argument& e) {
    throw r.error(key, e.what());
  }
}

}  // namespace

std::string to_string(PpaStudyKind kind) {
  for (const auto& [k, n] : kStudyNames) {
    if (k == kind) return n;
  }
  throw std::logic_error("to_string(PpaStudyKind)");
}

PpaStudySpec read_ppa_study(config::ConfigReader& root) {
  PpaStudySpec s;
  const std::string study = root.get<std::string>(
      "study", {.description = "which PPA study", .allowed = study_names()});
  for (const auto& [k, n] : kStudyNames) {
    if (study == n) s.kind = k;
  }
  s.name = root.get<std::string>(
      "name", {.description = "output folder name under the output directory", .default_value = study});
  s.library = root.get<std::string>(
      "library", {.description = "standard-cell library", .default_value = "nangate45",
                  .allowed = {"nangate45", "asap7"}});
  s.method = root.get<std::string>(
      "method", {.description = "synthesis: yosys + OpenSTA + gate-level power; analytic: the "
                                "calibrated component model",
                 .default_value = "synthesis",
                 .allowed = {"synthesis", "analytic"}});
  s.clock_mhz = root.get<double>(
      "clock_mhz", {.description = "clock for power and throughput", .unit = "MHz",
                    .default_value = 500.0, .min = 1.0, .max = 10000.0});
  s.power_cycles = root.get<int>(
      "power_cycles", {.description = "gate-level cycles simulated per design (warm-up included)",
                       .unit = "cycles", .default_value = 1000, .min = 50, .max = 1000000});
  s.seed = static_cast<std::uint64_t>(root.get<std::int64_t>(
      "seed", {.description = "random stimulus seed", .default_value = 1, .min = 0}));
  s.jobs = root.get<int>(
      "jobs", {.description = "designs evaluated in parallel (0: one per core)",
               .default_value = 0, .min = 0, .max = 256});

  switch (s.kind) {
    case PpaStudyKind::kDotUnits:
      s.designs = root.get<std::vector<std::string>>(
          "designs", {.description = "dot-unit families",
                      .default_value = std::vector<std::string>{"lut", "mac", "add"},
                      .allowed = {"lut", "lut_conventional", "mac", "add"}});
      s.group_sizes = read_ints(root, "group_sizes", "dot-product length K", {4}, 2, 6);
      s.weight_bits = read_ints(root, "weight_bits", "weight bits", {1, 2, 4}, 1, 8);
      s.activations = read_activations(root, {"fp16", "fp8_e4m3", "int8"});
      break;
    case PpaStudyKind::kGroupSize:
      s.group_sizes = read_ints(root, "group_sizes", "LUT group sizes K", {2, 3, 4, 5, 6}, 2, 6);
      s.weight_bits = read_ints(root, "weight_bits", "weight bits", {2}, 1, 8);
      s.activations = read_activations(root, {"fp16", "int8"});
      break;
    case PpaStudyKind::kArrayShapes:
      for (auto& shape : root.section_list("shapes", "array shapes")) {
        DesignPoint d = read_shape(shape, "mnk", {}, DesignKind::kLutArray);
        check_design(shape, "mnk", d);
        s.shapes.push_back(d);
      }
      if (s.shapes.empty()) throw root.error("shapes", "needs at least one shape");
      s.weight_bits = read_ints(root, "weight_bits", "weight bits", {1, 2, 4}, 1, 8);
      s.activations = read_activations(root, {"fp16", "int8"});
      break;
    case PpaStudyKind::kWeightBits:
      s.designs = root.get<std::vector<std::string>>(
          "designs", {.description = "families",
                      .default_value =
                          std::vector<std::string>{"lut_conventional", "lut", "mac", "add"},
                      .allowed = {"lut", "lut_conventional", "mac", "add"}});
      s.group_sizes = read_ints(root, "group_sizes", "dot-product length K", {4}, 2, 6);
      s.weight_bits = read_ints(root, "weight_bits", "weight bits", {1, 2, 3, 4, 5, 6, 7, 8}, 1, 8);
      s.activations = read_activations(root, {"fp16"});
      break;
    case PpaStudyKind::kAblation: {
      s.ablation_array = read_shape(root, "array", {2, 64, 4}, DesignKind::kLutArray);
      s.ablation_array.weight_bits = root.get<int>(
          "weight_bits", {.description = "weight bits", .default_value = 2, .min = 1, .max = 8});
      s.ablation_array.activation = read_activations(root, {"int8"}).front();
      check_design(root, "array", s.ablation_array);
      break;
    }
    case PpaStudyKind::kTensorCore:
      for (auto& tc : root.section_list("tensor_cores", "tensor-core variants")) {
        TensorCoreVariant v;
        v.name = tc.get<std::string>("name", {.description = "label"});
        const std::string design = tc.get<std::string>(
            "design", {.description = "building block",
                       .allowed = {"lut_array", "mac_array", "mac_dot_unit", "lut_dot_unit"}});
        const DesignKind kind = parse_design_kind(design);
        v.design = read_shape(tc, "array", {1, 1, 4}, kind);
        if (kind == DesignKind::kMacDotUnit || kind == DesignKind::kLutDotUnit) {
          v.design.geometry.m = v.design.geometry.n = 1;
        }
        v.design.weight_bits = tc.get<int>(
            "weight_bits", {.description = "weight bits", .default_value = 2, .min = 1, .max = 8});
        v.design.activation = parse_activation_type(tc.get<std::string>(
            "activation", {.description = "activation format", .default_value = "fp16",
                           .allowed = kActivationNames}));
        v.copies = tc.get<int>("copies", {.description = "blocks per tensor core",
                                          .default_value = 1, .min = 1, .max = 4096});
        check_design(tc, "array", v.design);
        s.tensor_cores.push_back(v);
      }
      if (s.tensor_cores.empty()) throw root.error("tensor_cores", "needs at least one variant");
      s.tensor_cores_per_sm = root.get<int>(
          "tensor_cores_per_sm", {.description = "tensor cores per SM", .default_value = 4,
                                  .min = 1, .max = 64});
      break;
  }
  return s;
}

}  // namespace lutsim::ppa
