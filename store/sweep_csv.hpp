#pragma once
// A sweep's tables written from its points one at a time, so that memory does
// not grow with their number: CSV and JSON, each the text the in-memory
// writers (to_csv, to_json of sweep_tables) give for the same points.

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/io/result_table.hpp"
#include "store/results_store.hpp"

namespace lutsim::store {

// What a point adds to the "points" list of a sweep table's recorded config
// besides its config (add_point_config).
using PointRecord = std::function<nlohmann::json(const StoredPoint&)>;

// Adds a point's resolved config to its record in that list: the first
// point's whole, as "config" (`first` null), every later point's as
// "config_patch", an RFC 6902 JSON Patch from the first point's config
// (nlohmann::json::diff(*first, config); first->patch(it) gives the config
// back). A sweep's points share most of their config (hardware configs,
// energy records: about 5 KB), which is thus written once, not per point.
void add_point_config(nlohmann::json& record, const nlohmann::json& config,
                      const nlohmann::json* first);

// Calls its argument with every point of the sweep, in sweep order, each read
// when it is needed. May be called more than once.
using PointSource = std::function<void(const std::function<void(const StoredPoint&)>&)>;

// The points written: what the sweep is over and where its points come from.
struct SweepPoints {
  std::vector<StoredAxis> axes;
  std::vector<StoredTable> layout;  // the study tables' stems and columns
  PointSource points;
};

// Every point of `store`, in sweep order, as stored.
SweepPoints store_points(ResultsStore& store);

// Writes the sweep table of study table `table` (an index into
// points.layout) as CSV: the text to_csv gives for
// sweep_tables(points.axes, all points)[table] with `record` whose config has
// "points" added, one point_record(p) per point with its config added
// (add_point_config). Returns the rows written.
std::size_t write_sweep_csv(std::ostream& out, const SweepPoints& points, std::size_t table,
                            const RunRecord& record, const PointRecord& point_record);

// The same table as JSON: an object equal to to_json(table, record with
// "points") (whitespace aside). Returns the rows written.
std::size_t write_sweep_json(std::ostream& out, const SweepPoints& points, std::size_t table,
                             const RunRecord& record, const PointRecord& point_record);

}  // namespace lutsim::store
