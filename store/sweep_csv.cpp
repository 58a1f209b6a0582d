#include "store/sweep_csv.hpp"

#include <string>

#include "core/io/csv_stream.hpp"
#include "store/sweep_tables.hpp"

namespace lutsim::store {
namespace {

constexpr const char* kPoints = "points";

// `config` with "points": [...] as nlohmann's dump() writes it (keys sorted,
// no spaces), the list written by `points`.
void write_config(std::ostream& out, const nlohmann::json& config,
                  const std::function<void(std::ostream&)>& points) {
  out << '{';
  bool first = true;
  bool written = false;
  const auto member = [&](const std::string& key) {
    out << (first ? "" : ",") << nlohmann::json(key).dump() << ':';
    first = false;
  };
  const auto points_member = [&] {
    member(kPoints);
    points(out);
    written = true;
  };
  for (const auto& [key, value] : config.items()) {
    if (!written && key > kPoints) points_member();
    member(key);
    out << value.dump();
  }
  if (!written) points_member();
  out << '}';
}

}  // namespace

void write_sweep_csv(std::ostream& out, ResultsStore& store, std::size_t table,
                     const RunRecord& record, const PointRecord& point_record) {
  const std::vector<ResultTable::Column> columns =
      sweep_columns(store.axes(), store.tables().at(table).table);
  out << csv_preamble(columns, record);
  write_config(out, record.resolved_config, [&](std::ostream& o) {
    o << '[';
    bool first = true;
    store.for_each_point([&](const StoredPoint& p) {
      o << (first ? "" : ",") << point_record(p).dump();
      first = false;
    });
    o << ']';
  });
  out << '\n' << csv_names(columns);
  store.for_each_point([&](const StoredPoint& p) {
    for (const auto& row : sweep_rows(p, p.tables.at(table).table)) out << csv_row(row);
  });
}

}  // namespace lutsim::store
