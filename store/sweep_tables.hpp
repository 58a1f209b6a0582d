#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "store/results_store.hpp"

namespace lutsim::store {

// The columns of the sweep table of a study table: sweep_point (the point's
// label), one per axis, then the study table's own.
std::vector<ResultTable::Column> sweep_columns(const std::vector<StoredAxis>& axes,
                                               const ResultTable& study);
// The rows point `p` adds to that sweep table: its label, its axis values,
// then each row of its study table `study`.
std::vector<std::vector<ResultTable::Cell>> sweep_rows(const StoredPoint& p,
                                                       const ResultTable& study);

// The tables of a sweep from its points, in the order given: one per study
// table, with the columns sweep_point (the point's label), one per axis, then
// the study table's own. No points, no tables.
std::vector<StoredTable> sweep_tables(const std::vector<StoredAxis>& axes,
                                      const std::vector<StoredPoint>& points);

// {"label"} of a point: what a sweep's outputs record of it in their
// config's "points" list besides its config (add_point_config, sweep_csv.hpp).
nlohmann::json point_record(const StoredPoint& p);

}  // namespace lutsim::store
