#include "ppa/design/design_point.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace lutsim::ppa {
namespace {

constexpr std::array<std::pair<DesignKind, const char*>, 8> kKindNames{{
    {DesignKind::kLutDotUnit, "lut_dot_unit"},
    {DesignKind::kLutDotUnitPrecompute, "lut_dot_unit_precompute"},
    {DesignKind::kAddDotUnit, "add_bitserial_unit"},
    {DesignKind::kMacDotUnit, "mac_dot_unit"},
    {DesignKind::kLutArray, "lut_array"},
    {DesignKind::kMacArray, "mac_array"},
    {DesignKind::kTablePrecompute, "lut_table_precompute"},
    {DesignKind::kLutPe, "lut_pe"},
}};

bool is_array(DesignKind k) { return k == DesignKind::kLutArray || k == DesignKind::kMacArray; }
bool is_lut(DesignKind k) {
  return k == DesignKind::kLutDotUnit || k == DesignKind::kLutDotUnitPrecompute ||
         k == DesignKind::kLutArray || k == DesignKind::kLutPe;
}
bool is_mac(DesignKind k) { return k == DesignKind::kMacDotUnit || k == DesignKind::kMacArray; }

std::string pipeline_text(int stages) {
  return stages == kSmallestMeetingClock ? "smallest_meeting_clock" : std::to_string(stages);
}

void validate_pipeline(const DesignPoint& d) {
  const int most = max_pipeline_stages(d);
  if (d.pipeline_stages == 0) return;
  if (most == 0) {
    throw std::invalid_argument(d.label() + ": pipeline_stages " +
                                pipeline_text(d.pipeline_stages) +
                                ": only lut_array, mac_dot_unit, add_bitserial_unit and "
                                "lut_table_precompute have pipeline registers (PIPE_STAGES), " +
                                to_string(d.kind) + " has none");
  }
  if (d.pipeline_stages == kSmallestMeetingClock && has_pipe_stages(d.kind)) return;
  if (d.pipeline_stages < 0 || d.pipeline_stages > most) {
    throw std::invalid_argument(d.label() + ": pipeline_stages " +
                                pipeline_text(d.pipeline_stages) + " outside [0, " +
                                std::to_string(most) + "]");
  }
}

// A unit whose pipelined form is a module of its own, <top>_pipe with PIPE_STAGES (its
// depth-0 netlist stays that of the unit: docs/rtl.md, "Pipelining").
RtlTop with_pipe_stages(const DesignPoint& d, RtlTop unit) {
  if (d.pipeline_stages == 0) return unit;
  unit.top += "_pipe";
  unit.parameters.emplace_back("PIPE_STAGES", d.pipeline_stages);
  return unit;
}

}  // namespace

std::string to_string(DesignKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  throw std::logic_error("to_string(DesignKind): unknown kind");
}

DesignKind parse_design_kind(const std::string& name) {
  std::string known;
  for (const auto& [k, n] : kKindNames) {
    if (name == n) return k;
    known += (known.empty() ? "" : ", ") + std::string(n);
  }
  throw std::invalid_argument("unknown design '" + name + "' (one of: " + known + ")");
}

// lut_pe's LOOKUP_REG is the element of a pipelined lut_array, not chosen by the clock.
bool has_pipe_stages(DesignKind k) {
  return k == DesignKind::kLutArray || k == DesignKind::kMacDotUnit ||
         k == DesignKind::kAddDotUnit || k == DesignKind::kTablePrecompute;
}

bool has_pipeline_parameter(DesignKind kind) {
  return has_pipe_stages(kind) || kind == DesignKind::kLutPe;
}

int max_pipeline_stages(const DesignPoint& d) {
  switch (d.kind) {
    case DesignKind::kLutArray:
    case DesignKind::kMacDotUnit:
      return kMaxPipelineStages;
    case DesignKind::kAddDotUnit:  // cuts between the K - 1 adders of a chain or tree
    case DesignKind::kTablePrecompute:
      return std::min(kMaxPipelineStages, d.geometry.k - 1);
    case DesignKind::kLutPe:
      return 1;
    default:
      return 0;
  }
}

bool integer_datapath(const DesignPoint& d) {
  return d.activation == DataType::kInt8;
}

std::string DesignPoint::label() const {
  std::string s = to_string(kind);
  s += " " + (is_array(kind) ? geometry.shape_name() : "K" + std::to_string(geometry.k));
  // MAC hardware does not depend on W, but its weights' values (and so its power) do.
  if (kind != DesignKind::kTablePrecompute) s += " W" + std::to_string(weight_bits);
  s += " " + std::string(lutsim::to_string(activation));
  if (!is_mac(kind)) s += symmetric() ? " half" : " full";
  if (is_lut(kind) && negation_in_acc) s += " neg-in-acc";
  if (pipeline_stages != 0) s += " pipe " + pipeline_text(pipeline_stages);
  return s;
}

void DesignPoint::validate() const {
  const bool mac = is_mac(kind);
  const int k = geometry.k;
  const int k_min = mac ? 1 : LutArrayGeometry::kMinK, k_max = mac ? 16 : LutArrayGeometry::kMaxK;
  if (k < k_min || k > k_max) {
    throw std::invalid_argument(label() + ": K = " + std::to_string(k) + " is outside [" +
                                std::to_string(k_min) + ", " + std::to_string(k_max) + "]");
  }
  if (weight_bits < 1 || weight_bits > 8) {
    throw std::invalid_argument(label() + ": weight bits " + std::to_string(weight_bits) +
                                " outside [1, 8]");
  }
  require_one_of(activation, kDesignActivationTypes, label() + ": activation");
  if (is_array(kind) && (geometry.m < 1 || geometry.n < 1)) {
    throw std::invalid_argument(label() + ": array M and N must be >= 1");
  }
  if (geometry.table_form == TableForm::kSymmetricFull) {
    throw std::invalid_argument(label() +
                                ": the RTL has half (symmetric_half) or unsigned full tables, "
                                "not symmetric_full");
  }
  if (negation_in_acc && (!is_lut(kind) || !symmetric())) {
    throw std::invalid_argument(label() + ": negation_in_acc needs a LUT design with half tables");
  }
  validate_pipeline(*this);
}

RtlTop rtl_top(const DesignPoint& d) {
  RtlTop t = rtl_top_all_parameters(d);
  // Parameters at their RTL default are left out, so designs written before a
  // parameter existed still elaborate.
  std::erase_if(t.parameters, [](const auto& p) {
    return (p.first == "NEG_IN_ACC" && p.second == 0) ||
           (p.first == "SYMMETRIC" && p.second == 1) ||
           ((p.first == "PIPE_STAGES" || p.first == "LOOKUP_REG") && p.second == 0);
  });
  return t;
}

RtlTop rtl_top_all_parameters(const DesignPoint& d) {
  d.validate();
  if (d.pipeline_stages == kSmallestMeetingClock) {
    throw std::logic_error(d.label() + ": no RTL until a pipeline depth is chosen");
  }
  const long long fmt = integer_datapath(d) ? 1 : 0;
  const long long sym = d.symmetric() ? 1 : 0;
  const long long neg = d.negation_in_acc ? 1 : 0;
  switch (d.kind) {
    case DesignKind::kLutDotUnit:
      return {"lut_dot_unit",
              {{"K", d.geometry.k},
               {"W_BIT", d.weight_bits},
               {"TABLE_FORMAT", fmt},
               {"SYMMETRIC", sym},
               {"NEG_IN_ACC", neg}}};
    case DesignKind::kLutDotUnitPrecompute:
      return {"lut_dot_unit_precompute",
              {{"K", d.geometry.k},
               {"W_BIT", d.weight_bits},
               {"TABLE_FORMAT", fmt},
               {"SYMMETRIC", sym},
               {"NEG_IN_ACC", neg}}};
    case DesignKind::kAddDotUnit:  // pipelined: add_bitserial_unit_pipe (docs/rtl.md)
      return with_pipe_stages(
          d, {"add_bitserial_unit",
              {{"K", d.geometry.k}, {"W_BIT", d.weight_bits}, {"DATA_FORMAT", fmt}, {"SYMMETRIC", sym}}});
    case DesignKind::kMacDotUnit:
      return {"mac_dot_unit",
              {{"K", d.geometry.k}, {"DATA_FORMAT", fmt}, {"PIPE_STAGES", d.pipeline_stages}}};
    case DesignKind::kLutArray:
      return {"lut_array",
              {{"ARRAY_M", d.geometry.m},
               {"ARRAY_N", d.geometry.n},
               {"ARRAY_K", d.geometry.k},
               {"W_BIT", d.weight_bits},
               {"TABLE_FORMAT", fmt},
               {"SYMMETRIC", sym},
               {"NEG_IN_ACC", neg},
               {"PIPE_STAGES", d.pipeline_stages}}};
    case DesignKind::kMacArray:
      return {"mac_array",
              {{"ARRAY_M", d.geometry.m},
               {"ARRAY_N", d.geometry.n},
               {"K", d.geometry.k},
               {"DATA_FORMAT", fmt}}};
    case DesignKind::kLutPe:
      return {"lut_pe",
              {{"K", d.geometry.k},
               {"W_BIT", d.weight_bits},
               {"TABLE_FORMAT", fmt},
               {"SYMMETRIC", sym},
               {"NEG_IN_ACC", neg},
               {"LOOKUP_REG", d.pipeline_stages}}};
    case DesignKind::kTablePrecompute:  // pipelined: lut_table_precompute_pipe
      return with_pipe_stages(
          d, {"lut_table_precompute", {{"K", d.geometry.k}, {"TABLE_FORMAT", fmt}, {"SYMMETRIC", sym}}});
  }
  throw std::logic_error("rtl_top: unknown kind");
}

std::string rtl_text(const DesignPoint& d) {
  const RtlTop t = rtl_top_all_parameters(d);
  std::string s = t.top;
  for (const auto& [name, value] : t.parameters) s += " " + name + "=" + std::to_string(value);
  return s;
}

double macs_per_cycle(const DesignPoint& d) {
  const double units = is_array(d.kind) ? 1.0 * d.geometry.m * d.geometry.n : 1.0;
  switch (d.kind) {
    case DesignKind::kTablePrecompute:
      return 0.0;
    case DesignKind::kMacDotUnit:
    case DesignKind::kMacArray:
      return units * d.geometry.k;
    default:
      return units * d.geometry.k / d.weight_bits;
  }
}

}  // namespace lutsim::ppa
