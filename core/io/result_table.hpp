#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

namespace lutsim {

// A table of results whose every column has a unit ("1" for dimensionless
// numbers, "" for text), the form in which the CLI writes CSV and JSON.
// A NaN double cell is a figure that does not exist for its row (an untimed
// design's clock, a dataset without an accuracy bar): an empty CSV field,
// null in JSON and "-" in text tables, never the text "nan".
class ResultTable {
 public:
  using Cell = std::variant<std::string, std::int64_t, double>;
  struct Column {
    std::string name;
    std::string unit;
    std::string description;
  };

  explicit ResultTable(std::vector<Column> columns);

  // Throws std::invalid_argument if the row does not have one cell per column.
  void add_row(std::vector<Cell> row);

  const std::vector<Column>& columns() const { return columns_; }
  const std::vector<std::vector<Cell>>& rows() const { return rows_; }

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<Cell>> rows_;
};

// What every output records besides the numbers: the command that produced
// it, the fully resolved config and the git revision of the binary.
struct RunRecord {
  std::string command;
  nlohmann::json resolved_config;
  std::string git_revision;
  std::string created_utc;  // ISO 8601
};

RunRecord make_run_record(std::string command, nlohmann::json resolved_config);

// {"tool", "command", "git_revision", "created_utc", "config"}: the record
// heading every JSON output.
nlohmann::json to_json(const RunRecord& record);

// {"tool", "command", "git_revision", "created_utc", "config",
//  "columns": [{"name","unit","description"}], "units": {name: unit},
//  "rows": [{name: value}]}
nlohmann::json to_json(const ResultTable& table, const RunRecord& record);
// One row of such "rows": {name: value}.
nlohmann::json row_json(const std::vector<ResultTable::Column>& columns,
                        const std::vector<ResultTable::Cell>& row);

// A column's key with its unit, for outputs whose keys must carry units:
// "time_each_us", "share_percent", "energy_per_token_mJ_per_token" ('%' ->
// "percent", '/' -> "_per_"); the bare name for text and dimensionless
// columns (unit "" or "1").
std::string unit_key(const ResultTable::Column& column);

// The rows as objects keyed by unit_key.
nlohmann::json unit_keyed_rows(const ResultTable& table);

// CSV (RFC 4180 quoting) preceded by '#' comment lines that hold the command,
// the git revision, the units of each column and the resolved config as one
// line of JSON; readers such as pandas take them with comment='#'.
std::string to_csv(const ResultTable& table, const RunRecord& record);

// The pair of files one table is written as (see ResultDirectory).
struct WrittenFiles {
  std::filesystem::path json;
  std::filesystem::path csv;
};

}  // namespace lutsim
