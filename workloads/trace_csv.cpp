#include "workloads/trace_csv.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <optional>
#include <vector>

#include "core/io/atomic_file.hpp"
#include "core/io/csv_text.hpp"
#include "core/io/text_file.hpp"
#include "core/io/utf8_text.hpp"
#include "core/numerics/checked_count.hpp"
#include "workloads/op_size.hpp"
#include "workloads/trace_graph.hpp"

namespace lutsim {
namespace {

constexpr std::array<std::string_view, 10> kColumns{"name",
                                                    "kind",
                                                    "m [rows]",
                                                    "n [cols]",
                                                    "k [depth]",
                                                    "batch [instances]",
                                                    "elements [values]",
                                                    "act_dtype",
                                                    "weight_bits [bits]",
                                                    "count [runs per pass]"};
constexpr std::size_t kActDtypeColumn = 7;
constexpr std::size_t kWeightBitsColumn = 8;
// The optional last column: a trace with it has structure (kDataflow).
constexpr std::string_view kInputsColumn = "inputs";
constexpr char kInputSeparator = ';';

std::string header_row(TraceStructure structure) {
  std::string row;
  for (auto c : kColumns) row += (row.empty() ? "" : ",") + std::string(c);
  if (structure == TraceStructure::kDataflow) row += "," + std::string(kInputsColumn);
  return row;
}

// The integer columns of an op and their lower bounds.
struct IntField {
  std::size_t column;
  std::int64_t TraceOp::*member;
  std::int64_t min;
};
constexpr std::array<IntField, 6> kIntFields{{{2, &TraceOp::m, 0},
                                              {3, &TraceOp::n, 0},
                                              {4, &TraceOp::k, 0},
                                              {5, &TraceOp::batch, 1},
                                              {6, &TraceOp::elements, 0},
                                              {9, &TraceOp::count, 1}}};

// The integer metadata of a trace, in file order after model and phase.
struct IntMeta {
  std::string_view key;
  std::int64_t min;
  std::int64_t max;
};
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::array<IntMeta, 4> kIntMeta{
    {{"batch", 1, kInt64Max},
     {"seq_len", 0, kInt64Max},
     {"kv_len", 0, kInt64Max},
     {"tensor_parallel", 1, std::numeric_limits<int>::max()}}};

bool valid_weight_bits(std::int64_t b) {
  return (b >= 1 && b <= 8) || b == 16;
}
std::optional<DataType> parse_act_dtype(const std::string& name) {
  try {
    const DataType d = parse_data_type(name);
    if (is_one_of(d, kTraceActivationTypes) && to_string(d) == name)
      return d;  // the exact spelling: no aliases
  } catch (const DataTypeError&) {
  }
  return std::nullopt;
}
bool valid_phase(std::string_view p) {
  return p == "prefill" || p == "decode";
}

std::string at_least(std::int64_t min) {
  return "an integer >= " + std::to_string(min);
}

std::string in_range(std::int64_t min, std::int64_t max) {
  return max == kInt64Max
             ? at_least(min)
             : "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
}

std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::int64_t meta_int(const GemmTrace& t, std::string_view key) {
  if (key == "batch") return t.batch;
  if (key == "seq_len") return t.seq_len;
  if (key == "kv_len") return t.kv_len;
  return t.tensor_parallel;
}

void set_meta_int(GemmTrace& t, std::string_view key, std::int64_t value) {
  if (key == "batch") t.batch = value;
  if (key == "seq_len") t.seq_len = value;
  if (key == "kv_len") t.kv_len = value;
  if (key == "tensor_parallel") t.tensor_parallel = static_cast<int>(value);
}

// ---- export ----------------------------------------------------------------

std::invalid_argument export_error(const std::string& where, const std::string& message) {
  return std::invalid_argument("to_trace_csv: " + where + ": " + message);
}

void check_text(const std::string& where, const std::string& text) {
  if (text.find_first_of("\r\n") != std::string::npos) {
    throw export_error(where, "holds a line break");
  }
}

void check_metadata(const GemmTrace& t) {
  check_text("model", t.model);
  if (t.model.empty()) throw export_error("model", "is empty");
  if (!valid_phase(t.phase)) throw export_error("phase", "'" + t.phase + "' is not prefill|decode");
  for (const auto& [key, min, max] : kIntMeta) {
    const std::int64_t value = meta_int(t, key);
    if (value < min || value > max) {
      throw export_error(std::string(key), "expected " + in_range(min, max));
    }
  }
  if (t.ops.empty()) throw export_error("ops", "no operators: expected at least one");
}

std::string op_where(const TraceOp& op, std::size_t index) {
  return "op " + std::to_string(index) + " (" + op.name + ")";
}

// The inputs cell must split back into the same names.
void check_inputs_text(const TraceOp& op, std::size_t index) {
  const std::string sep(1, kInputSeparator);
  if (op.name.find(kInputSeparator) != std::string::npos) {
    throw export_error(op_where(op, index), "name holds '" + sep + "', which separates inputs");
  }
  for (const std::string& input : op.inputs) check_text(op_where(op, index) + " input", input);
}

void check_structure(const GemmTrace& t) {
  if (t.structure != TraceStructure::kDataflow) {
    for (std::size_t i = 0; i < t.ops.size(); ++i) {
      if (!t.ops[i].inputs.empty()) {
        throw export_error(op_where(t.ops[i], i), "has inputs in a trace without structure");
      }
    }
    return;
  }
  for (std::size_t i = 0; i < t.ops.size(); ++i) check_inputs_text(t.ops[i], i);
  try {
    trace_graph(t);
  } catch (const TraceStructureError& e) {
    throw export_error(op_where(t.ops[e.op_index()], e.op_index()), e.message());
  }
}

void check_op(const TraceOp& op, std::size_t index) {
  const std::string where = op_where(op, index);
  check_text(where, op.name);
  if (op.name.empty()) throw export_error(where, "name is empty");
  for (const auto& f : kIntFields) {
    if (op.*f.member < f.min) {
      throw export_error(where, std::string(kColumns[f.column]) + " expected " + at_least(f.min));
    }
  }
  if (!valid_weight_bits(op.weight_bits)) throw export_error(where, "weight_bits not 1..8 or 16");
  if (!is_one_of(op.act_dtype, kTraceActivationTypes)) {
    throw export_error(where, "act_dtype '" + std::string(to_string(op.act_dtype)) + "'");
  }
}

std::string inputs_cell(const TraceOp& op) {
  std::string cell;
  for (const std::string& input : op.inputs) {
    cell += (cell.empty() ? "" : std::string(1, kInputSeparator)) + input;
  }
  return csv_field(cell);
}

std::string op_row(const TraceOp& op, TraceStructure structure) {
  std::array<std::string, kColumns.size()> cells;
  cells[0] = csv_field(op.name);
  cells[1] = std::string(to_string(op.kind));
  for (const auto& f : kIntFields) cells[f.column] = std::to_string(op.*f.member);
  cells[kActDtypeColumn] = std::string(to_string(op.act_dtype));
  cells[kWeightBitsColumn] = std::to_string(op.weight_bits);
  std::string row;
  for (std::size_t i = 0; i < cells.size(); ++i) row += (i ? "," : "") + cells[i];
  if (structure == TraceStructure::kDataflow) row += "," + inputs_cell(op);
  return row + "\n";
}

// ---- import ----------------------------------------------------------------

// The lines of a text, without their '\n' or "\r\n" ends.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

class TraceReader {
 public:
  TraceReader(std::string_view text, std::string file)
      : lines_(split_lines(text)), file_(std::move(file)) {}

  GemmTrace read() {
    GemmTrace trace;
    read_tag();
    trace.model = meta("model");
    trace.phase = meta("phase");
    if (!valid_phase(trace.phase)) {
      throw error("", "phase: expected prefill or decode, got '" + trace.phase + "'");
    }
    for (const auto& m : kIntMeta) set_meta_int(trace, m.key, meta_int_value(m));
    trace.structure = read_header();
    std::vector<std::size_t> op_lines;
    while (next_ < lines_.size()) {
      trace.ops.push_back(read_op(trace.structure));
      op_lines.push_back(next_);
    }
    if (trace.ops.empty()) {
      throw error("", "no operator rows after the header: expected at least one");
    }
    check_graph(trace, op_lines);
    return trace;
  }

 private:
  TraceCsvError error(std::string_view column, const std::string& message) const {
    return TraceCsvError(file_, static_cast<int>(next_), std::string(column), message);
  }

  // Moves to the next line; `what` says what was expected there.
  std::string_view take(const std::string& what) {
    if (next_ >= lines_.size()) {
      ++next_;
      throw error("", "expected " + what + ", got the end of the file");
    }
    return lines_[next_++];
  }

  void read_tag() {
    const std::string_view line = take("the line '" + std::string(kTraceCsvTag) + "'");
    if (line != kTraceCsvTag) {
      throw error("",
                  "expected '" + std::string(kTraceCsvTag) + "', got '" + std::string(line) + "'");
    }
  }

  std::string meta(std::string_view key) {
    const std::string prefix = "# " + std::string(key) + ": ";
    const std::string_view line = take("'" + prefix + "...'");
    if (line.substr(0, prefix.size()) != prefix) {
      throw error("", "expected '" + prefix + "...', got '" + std::string(line) + "'");
    }
    const std::string value(line.substr(prefix.size()));
    if (value.empty()) throw error("", std::string(key) + ": expected a value, got nothing");
    return value;
  }

  std::int64_t meta_int_value(const IntMeta& m) {
    const std::string text = meta(m.key);
    const auto value = parse_int(text);
    if (!value || *value < m.min || *value > m.max) {
      throw error(
          "", std::string(m.key) + ": expected " + in_range(m.min, m.max) + ", got '" + text + "'");
    }
    return *value;
  }

  TraceStructure read_header() {
    const std::string_view line = take("the header row");
    for (auto s : {TraceStructure::kNone, TraceStructure::kDataflow}) {
      if (line == header_row(s)) return s;
    }
    throw error("", "expected the header row '" + header_row(TraceStructure::kNone) +
                        "' (optionally with '," + std::string(kInputsColumn) + "'), got '" +
                        std::string(line) + "'");
  }

  // Errors of the structure name the line of the op concerned.
  void check_graph(const GemmTrace& trace, const std::vector<std::size_t>& op_lines) const {
    if (trace.structure != TraceStructure::kDataflow) return;
    try {
      trace_graph(trace);
    } catch (const TraceStructureError& e) {
      const std::size_t i = e.op_index();
      throw TraceCsvError(file_, static_cast<int>(op_lines[i]), std::string(kInputsColumn),
                          "op '" + trace.ops[i].name + "': " + e.message());
    }
  }

  std::vector<std::string> split_inputs(const std::string& cell) const {
    std::vector<std::string> inputs;
    if (cell.empty()) return inputs;
    std::string_view rest = cell;
    while (true) {
      const std::size_t end = std::min(rest.find(kInputSeparator), rest.size());
      if (end == 0) {
        throw error(kInputsColumn, "expected op names separated by '" +
                                       std::string(1, kInputSeparator) + "', got '" + cell + "'");
      }
      inputs.emplace_back(rest.substr(0, end));
      if (end == rest.size()) return inputs;
      rest.remove_prefix(end + 1);
    }
  }

  std::vector<std::string> cells(std::string_view line, std::size_t columns) {
    std::vector<std::string> out;
    try {
      out = split_csv_record(line);
    } catch (const std::invalid_argument& e) {
      throw error("", e.what());
    }
    if (out.size() != columns) {
      throw error("", "expected " + std::to_string(columns) + " columns, got " +
                          std::to_string(out.size()));
    }
    return out;
  }

  std::int64_t int_cell(const std::vector<std::string>& row, std::size_t column,
                        std::int64_t min) const {
    const auto value = parse_int(row[column]);
    if (!value || *value < min) {
      throw error(kColumns[column], "expected " + at_least(min) + ", got '" + row[column] + "'");
    }
    return *value;
  }

  TraceOp read_op(TraceStructure structure) {
    const bool dataflow = structure == TraceStructure::kDataflow;
    const auto row = cells(take("an op row"), kColumns.size() + (dataflow ? 1 : 0));
    TraceOp op;
    op.name = row[0];
    if (op.name.empty()) throw error(kColumns[0], "expected a name, got an empty cell");
    try {
      op.kind = parse_op_kind(row[1]);
    } catch (const std::invalid_argument& e) {
      throw error(kColumns[1], e.what());
    }
    for (const auto& f : kIntFields) op.*f.member = int_cell(row, f.column, f.min);
    const auto bits = parse_int(row[kWeightBitsColumn]);
    if (!bits || !valid_weight_bits(*bits)) {
      throw error(kColumns[kWeightBitsColumn],
                  "expected 1..8 or 16, got '" + row[kWeightBitsColumn] + "'");
    }
    op.weight_bits = static_cast<int>(*bits);
    const auto act = parse_act_dtype(row[kActDtypeColumn]);
    if (!act) {
      throw error(kColumns[kActDtypeColumn], "expected one of " + names_of(kTraceActivationTypes) +
                                                 ", got '" + row[kActDtypeColumn] + "'");
    }
    op.act_dtype = *act;
    if (dataflow) op.inputs = split_inputs(row[kColumns.size()]);
    try {
      check_op_size(op);
    } catch (const CountLimitError& e) {
      throw error("", e.what());
    }
    return op;
  }

  std::vector<std::string_view> lines_;
  std::string file_;
  std::size_t next_ = 0;  // index of the next line; the 1-based number of the last taken
};

std::string error_text(const std::string& file, int line, const std::string& column,
                       const std::string& message) {
  std::string text = file + (line > 0 ? ":" + std::to_string(line) : "") + ": ";
  if (!column.empty()) text += column + ": ";
  return text + message;
}

}  // namespace

TraceCsvError::TraceCsvError(std::string file, int line, std::string column,
                             const std::string& message)
    : std::runtime_error(error_text(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(std::move(column)) {}

std::string to_trace_csv(const GemmTrace& trace) {
  check_metadata(trace);
  for (std::size_t i = 0; i < trace.ops.size(); ++i) check_op(trace.ops[i], i);
  check_structure(trace);
  std::string out = std::string(kTraceCsvTag) + "\n";
  out += "# model: " + trace.model + "\n# phase: " + trace.phase + "\n";
  for (const auto& m : kIntMeta) {
    out += "# " + std::string(m.key) + ": " + std::to_string(meta_int(trace, m.key)) + "\n";
  }
  out += header_row(trace.structure) + "\n";
  for (const auto& op : trace.ops) out += op_row(op, trace.structure);
  return out;
}

GemmTrace parse_trace_csv(std::string_view bytes, const std::string& display_name) {
  const std::string_view text = without_utf8_bom(bytes);
  if (const std::size_t bad = invalid_utf8_offset(text); bad != std::string_view::npos) {
    throw TraceCsvError(display_name, position_of(text, bad).line, "",
                        invalid_utf8_message(static_cast<unsigned char>(text[bad])));
  }
  return TraceReader(text, display_name).read();
}

void write_trace_csv(const std::filesystem::path& file, const GemmTrace& trace) {
  write_file_atomically(file, to_trace_csv(trace));
}

GemmTrace read_trace_csv(const std::filesystem::path& file) {
  const std::string text = read_text_file(file, [&](const FileReadError&) {
    return TraceCsvError(file.string(), 0, "", "cannot open the file for reading");
  });
  return parse_trace_csv(text, file.string());
}

}  // namespace lutsim
