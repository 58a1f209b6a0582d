#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "workloads/trace.hpp"

namespace lutsim {

// A GEMM trace as CSV (RFC 4180 quoting, '\n' line ends):
//
//   # lutsim gemm trace v1
//   # model: OPT-6.7B
//   # phase: decode
//   # batch: 1
//   # seq_len: 1
//   # kv_len: 1023
//   # tensor_parallel: 1
//   name,kind,m [rows],n [cols],k [depth],batch [instances],elements [values],act_dtype,...
//   qkv_proj,linear,1,12288,4096,1,0,fp16,4,32
//
// The metadata lines come first, in this order, then the header row (column
// names with their units) and one row per op in trace order. pandas reads it
// with read_csv(f, comment="#"). Import is strict and round-trips exactly.
//
// Structure: a trace with TraceStructure::kDataflow has one more column,
// `inputs`, last: the op's TraceOp::inputs joined by ';' (op names of the
// trace or @input), e.g. `attn_residual,...,32,attn_out;@input`. A file
// without the column reads as TraceStructure::kNone: no op is assumed to feed
// another (the simulators share no tables between linears and say so); op
// names are never read for structure.
inline constexpr std::string_view kTraceCsvTag = "# lutsim gemm trace v1";

// A problem with a trace CSV. what() reads "<file>:<line>: <column>: <message>"
// ("<file>:<line>: <message>" when no column is concerned); line is 1-based,
// 0 (and left out of what()) when the file cannot be read at all.
class TraceCsvError : public std::runtime_error {
 public:
  TraceCsvError(std::string file, int line, std::string column, const std::string& message);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& column() const { return column_; }

 private:
  std::string file_;
  int line_;
  std::string column_;
};

// Throws std::invalid_argument when the trace breaks a rule import checks
// (see parse_trace_csv), a text field holds a line break, an op name holds
// ';' in a trace with structure, or an op has inputs in a trace without, so
// that what is written always reads back.
std::string to_trace_csv(const GemmTrace& trace);

// Checks: UTF-8 text (a leading byte-order mark is dropped); the tag line;
// each metadata key once, in order (phase prefill |
// decode, batch >= 1, seq_len >= 0, kv_len >= 0, tensor_parallel >= 1); the
// header exactly; per row the column count, a non-empty name, a known kind,
// integers m, n, k, elements >= 0, batch, count >= 1, weight_bits 1..8 or 16,
// act_dtype fp16 | bf16 | fp8_e4m3 | int8; at least one row; with the inputs
// column, op names separated by single ';' and the rules of trace_graph (an
// input that names no op, is ambiguous, comes later or makes a cycle, a wrong
// operand count). Throws TraceCsvError naming `display_name`, the line and the
// column (for a structure error: the line of the op that reads, column inputs,
// and the op).
GemmTrace parse_trace_csv(std::string_view text, const std::string& display_name);

// Writes atomically (write_file_atomically); std::runtime_error on I/O failure.
void write_trace_csv(const std::filesystem::path& file, const GemmTrace& trace);
// TraceCsvError when the file cannot be read or is not a valid trace.
GemmTrace read_trace_csv(const std::filesystem::path& file);

}  // namespace lutsim
