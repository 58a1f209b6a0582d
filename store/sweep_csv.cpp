#include "store/sweep_csv.hpp"

#include <optional>
#include <string>

#include "core/io/csv_stream.hpp"
#include "store/sweep_tables.hpp"

namespace lutsim::store {
namespace {

constexpr const char* kPoints = "points";

// Writes `object` as nlohmann's dump() does (keys sorted, no spaces), with the
// member `streamed` (absent from `object`) written by `write`.
void write_object(std::ostream& out, const nlohmann::json& object, const std::string& streamed,
                  const std::function<void(std::ostream&)>& write) {
  out << '{';
  bool first = true;
  bool written = false;
  const auto member = [&](const std::string& key) {
    out << (first ? "" : ",") << nlohmann::json(key).dump() << ':';
    first = false;
  };
  const auto streamed_member = [&] {
    member(streamed);
    write(out);
    written = true;
  };
  for (const auto& [key, value] : object.items()) {
    if (!written && key > streamed) streamed_member();
    member(key);
    out << value.dump();
  }
  if (!written) streamed_member();
  out << '}';
}

// `record`'s config with "points": [point_record(p) with its config, for
// every point].
void write_config(std::ostream& out, const SweepPoints& points, const RunRecord& record,
                  const PointRecord& point_record) {
  write_object(out, record.resolved_config, kPoints, [&](std::ostream& o) {
    o << '[';
    std::optional<nlohmann::json> first;
    points.points([&](const StoredPoint& p) {
      nlohmann::json r = point_record(p);
      add_point_config(r, p.config, first ? &*first : nullptr);
      o << (first ? "," : "") << r.dump();
      if (!first) first = p.config;
    });
    o << ']';
  });
}

}  // namespace

void add_point_config(nlohmann::json& record, const nlohmann::json& config,
                      const nlohmann::json* first) {
  if (first == nullptr) {
    record["config"] = config;
  } else {
    record["config_patch"] = nlohmann::json::diff(*first, config);
  }
}

SweepPoints store_points(ResultsStore& store) {
  return {store.axes(), store.tables(),
          [&store](const std::function<void(const StoredPoint&)>& f) { store.for_each_point(f); }};
}

std::size_t write_sweep_csv(std::ostream& out, const SweepPoints& points, std::size_t table,
                            const RunRecord& record, const PointRecord& point_record) {
  const std::vector<ResultTable::Column> columns =
      sweep_columns(points.axes, points.layout.at(table).table);
  out << csv_preamble(columns, record);
  write_config(out, points, record, point_record);
  out << '\n' << csv_names(columns);
  std::size_t rows = 0;
  points.points([&](const StoredPoint& p) {
    for (const auto& row : sweep_rows(p, p.tables.at(table).table)) {
      out << csv_row(row);
      ++rows;
    }
  });
  return rows;
}

std::size_t write_sweep_json(std::ostream& out, const SweepPoints& points, std::size_t table,
                             const RunRecord& record, const PointRecord& point_record) {
  const std::vector<ResultTable::Column> columns =
      sweep_columns(points.axes, points.layout.at(table).table);
  // Every member of to_json(table, record) but config and rows, which are
  // streamed in their places (members in nlohmann's sorted order).
  nlohmann::json head = to_json(ResultTable(columns), record);
  out << '{';
  bool first = true;
  std::size_t rows = 0;
  for (const auto& [key, value] : head.items()) {
    out << (first ? "" : ",") << nlohmann::json(key).dump() << ':';
    first = false;
    if (key == "config") {
      write_config(out, points, record, point_record);
    } else if (key == "rows") {
      out << '[';
      points.points([&](const StoredPoint& p) {
        for (const auto& row : sweep_rows(p, p.tables.at(table).table)) {
          out << (rows == 0 ? "" : ",") << row_json(columns, row).dump();
          ++rows;
        }
      });
      out << ']';
    } else {
      out << value.dump();
    }
  }
  out << "}\n";
  return rows;
}

}  // namespace lutsim::store
