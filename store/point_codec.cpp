#include "store/point_codec.hpp"

#include <stdexcept>

namespace lutsim::store {
namespace {

nlohmann::json cell_json(const ResultTable::Cell& cell) {
  return std::visit([](const auto& v) { return nlohmann::json(v); }, cell);
}

ResultTable::Cell json_cell(const nlohmann::json& j) {
  if (j.is_number_float()) return j.get<double>();
  if (j.is_number_integer()) return j.get<std::int64_t>();
  return j.get<std::string>();
}

nlohmann::json table_json(const StoredTable& t) {
  nlohmann::json columns = nlohmann::json::array();
  for (const auto& c : t.table.columns()) columns.push_back({c.name, c.unit, c.description});
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : t.table.rows()) {
    nlohmann::json r = nlohmann::json::array();
    for (const auto& cell : row) r.push_back(cell_json(cell));
    rows.push_back(std::move(r));
  }
  return {{"stem", t.stem}, {"columns", columns}, {"rows", rows}};
}

StoredTable json_table(const nlohmann::json& j) {
  std::vector<ResultTable::Column> columns;
  for (const auto& c : j.at("columns")) columns.push_back({c.at(0), c.at(1), c.at(2)});
  StoredTable t{j.at("stem"), ResultTable(columns)};
  for (const auto& r : j.at("rows")) {
    std::vector<ResultTable::Cell> row;
    for (const auto& cell : r) row.push_back(json_cell(cell));
    t.table.add_row(std::move(row));
  }
  return t;
}

}  // namespace

std::vector<std::uint8_t> encode_point(const StoredPoint& p) {
  nlohmann::json tables = nlohmann::json::array();
  for (const StoredTable& t : p.tables) tables.push_back(table_json(t));
  return nlohmann::json::to_msgpack({{"key", p.key},
                                     {"git_revision", p.git_revision},
                                     {"index", p.index},
                                     {"label", p.label},
                                     {"axis_values", p.axis_values},
                                     {"config_json", config_text(p)},
                                     {"tables", tables}});
}

StoredPoint decode_point(const std::vector<std::uint8_t>& bytes) {
  try {
    const auto j = nlohmann::json::from_msgpack(bytes);
    StoredPoint p{j.at("key"),
                  j.at("git_revision"),
                  j.at("index"),
                  j.at("label"),
                  j.at("axis_values"),
                  nullptr,
                  {},
                  j.at("config_json")};
    for (const auto& t : j.at("tables")) p.tables.push_back(json_table(t));
    return p;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("a sweep point sent between processes is malformed: ") +
                             e.what());
  }
}

}  // namespace lutsim::store
