#include "store/sweep_tables.hpp"

namespace lutsim::store {

std::vector<StoredTable> sweep_tables(const std::vector<StoredAxis>& axes,
                                      const std::vector<StoredPoint>& points) {
  std::vector<StoredTable> tables;
  if (points.empty()) return tables;
  for (const StoredTable& from : points.front().tables) {
    std::vector<ResultTable::Column> columns{{"sweep_point", "", "the axis values of this point"}};
    for (const StoredAxis& a : axes) columns.push_back({a.column, "", "axis " + a.key});
    for (const auto& c : from.table.columns()) columns.push_back(c);
    tables.push_back({from.stem, ResultTable(columns)});
  }
  for (const StoredPoint& p : points) {
    for (std::size_t t = 0; t < tables.size(); ++t) {
      for (const auto& cells : p.tables.at(t).table.rows()) {
        std::vector<ResultTable::Cell> row{p.label};
        row.insert(row.end(), p.axis_values.begin(), p.axis_values.end());
        row.insert(row.end(), cells.begin(), cells.end());
        tables[t].table.add_row(std::move(row));
      }
    }
  }
  return tables;
}

nlohmann::json points_record(const std::vector<StoredPoint>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const StoredPoint& p : points) out.push_back({{"label", p.label}, {"config", p.config}});
  return out;
}

}  // namespace lutsim::store
