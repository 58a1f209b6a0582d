#include "core/io/result_table.hpp"

#include <charconv>
#include <chrono>
#include <cmath>
#include <ctime>
#include <stdexcept>

#include "core/io/csv_stream.hpp"
#include "core/io/csv_text.hpp"
#include "core/io/git_revision.hpp"

namespace lutsim {
namespace {

std::string utc_now_iso8601() {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string cell_text(const ResultTable::Cell& cell) {
  if (const auto* s = std::get_if<std::string>(&cell)) return csv_field(*s);
  if (const auto* i = std::get_if<std::int64_t>(&cell)) return std::to_string(*i);
  const double value = std::get<double>(cell);
  if (std::isnan(value)) return "";  // no such figure for this row
  // The shortest text that reads back to the same double.
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return ec == std::errc() ? std::string(buf, end) : std::string();
}

nlohmann::json cell_json(const ResultTable::Cell& cell) {
  return std::visit([](const auto& v) { return nlohmann::json(v); }, cell);
}

}  // namespace

ResultTable::ResultTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

void ResultTable::add_row(std::vector<Cell> row) {
  if (row.size() != columns_.size()) {
    throw std::invalid_argument("ResultTable: row has " + std::to_string(row.size()) +
                                " cells for " + std::to_string(columns_.size()) + " columns");
  }
  rows_.push_back(std::move(row));
}

RunRecord make_run_record(std::string command, nlohmann::json resolved_config) {
  return {std::move(command), std::move(resolved_config), std::string(git_revision()),
          utc_now_iso8601()};
}

nlohmann::json to_json(const RunRecord& record) {
  nlohmann::json j;
  j["tool"] = "lutsim";
  j["command"] = record.command;
  j["git_revision"] = record.git_revision;
  j["created_utc"] = record.created_utc;
  j["config"] = record.resolved_config;
  return j;
}

nlohmann::json to_json(const ResultTable& table, const RunRecord& record) {
  nlohmann::json j = to_json(record);
  j["columns"] = nlohmann::json::array();
  j["units"] = nlohmann::json::object();
  for (const auto& c : table.columns()) {
    j["columns"].push_back({{"name", c.name}, {"unit", c.unit}, {"description", c.description}});
    j["units"][c.name] = c.unit;
  }
  j["rows"] = nlohmann::json::array();
  for (const auto& row : table.rows()) j["rows"].push_back(row_json(table.columns(), row));
  return j;
}

nlohmann::json row_json(const std::vector<ResultTable::Column>& columns,
                        const std::vector<ResultTable::Cell>& row) {
  nlohmann::json r = nlohmann::json::object();
  for (std::size_t i = 0; i < row.size(); ++i) r[columns[i].name] = cell_json(row[i]);
  return r;
}

std::string unit_key(const ResultTable::Column& column) {
  if (column.unit.empty() || column.unit == "1") return column.name;
  std::string unit;
  for (const char c : column.unit) {
    if (c == '%') {
      unit += "percent";
    } else if (c == '/') {
      unit += "_per_";
    } else if (c != ' ') {
      unit += c;
    }
  }
  return column.name + "_" + unit;
}

nlohmann::json unit_keyed_rows(const ResultTable& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : table.rows()) {
    nlohmann::json r = nlohmann::json::object();
    for (std::size_t i = 0; i < row.size(); ++i) r[unit_key(table.columns()[i])] = cell_json(row[i]);
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string csv_preamble(const std::vector<ResultTable::Column>& columns, const RunRecord& record) {
  std::string out;
  out += "# lutsim " + record.command + "\n";
  out += "# git_revision: " + record.git_revision + "\n";
  out += "# created_utc: " + record.created_utc + "\n";
  out += "# units:";
  for (const auto& c : columns) out += " " + c.name + "=" + (c.unit.empty() ? "text" : c.unit);
  return out + "\n# config: ";
}

std::string csv_names(const std::vector<ResultTable::Column>& columns) {
  std::string out;
  for (std::size_t i = 0; i < columns.size(); ++i) out += (i ? "," : "") + csv_field(columns[i].name);
  return out + "\n";
}

std::string csv_row(const std::vector<ResultTable::Cell>& row) {
  std::string out;
  for (std::size_t i = 0; i < row.size(); ++i) out += (i ? "," : "") + cell_text(row[i]);
  return out + "\n";
}

std::string to_csv(const ResultTable& table, const RunRecord& record) {
  std::string out = csv_preamble(table.columns(), record) + record.resolved_config.dump() + "\n" +
                    csv_names(table.columns());
  for (const auto& row : table.rows()) out += csv_row(row);
  return out;
}

}  // namespace lutsim
