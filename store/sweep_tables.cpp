#include "store/sweep_tables.hpp"

namespace lutsim::store {

std::vector<ResultTable::Column> sweep_columns(const std::vector<StoredAxis>& axes,
                                               const ResultTable& study) {
  std::vector<ResultTable::Column> columns{{"sweep_point", "", "the axis values of this point"}};
  for (const StoredAxis& a : axes) {
    // A drawn or derived axis says how (its seed, its expression).
    columns.push_back(
        {a.column, "", "axis " + a.key + (a.sampling.empty() ? "" : " (" + a.sampling + ")")});
  }
  for (const auto& c : study.columns()) columns.push_back(c);
  return columns;
}

std::vector<std::vector<ResultTable::Cell>> sweep_rows(const StoredPoint& p,
                                                       const ResultTable& study) {
  std::vector<std::vector<ResultTable::Cell>> rows;
  for (const auto& cells : study.rows()) {
    std::vector<ResultTable::Cell> row{p.label};
    row.insert(row.end(), p.axis_values.begin(), p.axis_values.end());
    row.insert(row.end(), cells.begin(), cells.end());
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<StoredTable> sweep_tables(const std::vector<StoredAxis>& axes,
                                      const std::vector<StoredPoint>& points) {
  std::vector<StoredTable> tables;
  if (points.empty()) return tables;
  for (const StoredTable& from : points.front().tables) {
    tables.push_back({from.stem, ResultTable(sweep_columns(axes, from.table))});
  }
  for (const StoredPoint& p : points) {
    for (std::size_t t = 0; t < tables.size(); ++t) {
      for (auto& row : sweep_rows(p, p.tables.at(t).table)) tables[t].table.add_row(std::move(row));
    }
  }
  return tables;
}

nlohmann::json point_record(const StoredPoint& p) {
  return {{"label", p.label}};
}

}  // namespace lutsim::store
