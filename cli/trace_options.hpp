#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "workloads/trace.hpp"

namespace lutsim::cli {

// The command-line options that describe a model's forward pass, shared by
// the commands that generate a trace.
struct TraceOptions {
  std::string model;
  std::string phase = "prefill";
  std::int64_t batch = 1;
  std::optional<std::int64_t> seq;     // prefill only; default kDefaultPrefillSeqLen
  std::optional<std::int64_t> kv_len;  // decode only; default 0
  int wbits = 16;
  std::string act = "fp16";
  int tp = 1;
  std::string fusion = "framework";
  bool no_lm_head = false;
};

// Adds --model (returned, so callers can make it required or exclusive),
// --phase, --batch, --seq, --kv-len, --wbits, --act, --tp, --fusion and --no-lm-head.
CLI::Option* add_trace_options(CLI::App& cmd, TraceOptions& o);

// Throws std::invalid_argument for an option that does not apply to the
// phase (--seq in decode, --kv-len in prefill) instead of ignoring it.
void check_phase_options(const TraceOptions& o);

// The keys of the study `model` for o: {"model", "workload": {"phase",
// "batch", "weight_bits", ... as given}}.
nlohmann::json trace_study_keys(const TraceOptions& o);

// Throws std::invalid_argument naming the first trace-shaping option (--phase,
// --batch, --seq, --kv-len, --wbits, --act, --tp, --fusion, --no-lm-head)
// given on `cmd`, with `why` it does not apply.
void refuse_trace_shape_options(const CLI::App& cmd, const std::string& why);

// The trace of o.model (catalog name, model YAML or config.json).
GemmTrace build_trace(const TraceOptions& o, const std::filesystem::path& configs_dir);

}  // namespace lutsim::cli
