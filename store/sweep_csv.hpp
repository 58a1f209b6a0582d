#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/io/result_table.hpp"
#include "store/results_store.hpp"

namespace lutsim::store {

// What a point adds to the "points" list of a sweep table's recorded config.
using PointRecord = std::function<nlohmann::json(const StoredPoint&)>;

// Writes the sweep table of study table `table` (an index into
// store.tables()) of every point of `store`, in sweep order, as CSV: the text
// to_csv gives for sweep_tables(store.axes(), points)[table] with `record`
// whose config has "points" added, one point_record(p) per point. The points
// are read from the store one at a time (twice: for the record, then for the
// rows), so memory does not grow with their number.
void write_sweep_csv(std::ostream& out, ResultsStore& store, std::size_t table,
                     const RunRecord& record, const PointRecord& point_record);

}  // namespace lutsim::store
