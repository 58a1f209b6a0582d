#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/result_table.hpp"
#include "store/sqlite_database.hpp"

namespace lutsim::store {

// One table of a point's result: a study table's stem, columns and rows.
struct StoredTable {
  std::string stem;
  ResultTable table;
};

// An axis of the sweep whose points a store holds.
struct StoredAxis {
  std::string column;  // result column
  std::string key;     // dotted config key
  std::string sampling{};  // how its values were drawn (a random axis's seed); empty when listed
  bool operator==(const StoredAxis&) const = default;
};

// One sweep point as a store holds it.
struct StoredPoint {
  std::string key;  // point_key() of its config and revision
  std::string git_revision;
  std::int64_t index = 0;  // in the sweep's cross product
  std::string label;       // "key=value, key=value"
  std::vector<std::string> axis_values;
  // Resolved, as the point's outputs record it; null in a point a sweep has
  // just run, whose config is config_json alone. A point read from a store
  // has both.
  nlohmann::json config;
  std::vector<StoredTable> tables;
  // config.dump(), written by the sweep that ran the point (it keeps the
  // resolved config's text for the key); empty: config is dumped when stored.
  std::string config_json{};
};

// The point's config as the store keeps it: config_json, or config dumped.
std::string config_text(const StoredPoint& point);

// Whether two points hold the same config (by its text) and the same
// results, cell for cell (NaN equal to NaN).
bool same_results(const StoredPoint& a, const StoredPoint& b);

// An SQLite file holding the points of one sweep, one row per point keyed by
// point_key(), and each study table's rows in a table of its own
// ("rows_<stem>": point_key, row_index, then one column per study column
// named by unit_key()). The long members of the points' configs (a resolved
// hardware config, an energy pricing: split_shared_members) are kept once
// each in config_members, which a point's row names. Writes run in WAL mode, one transaction per
// put() or put_all(), and a point's key is UNIQUE, so a process killed at any moment leaves every
// point it committed whole and none twice. The connection holds the file exclusively: a second
// process using the same store gets "database is locked". Every error names the file.
class ResultsStore {
 public:
  // Opens the store at `file`, creating it (and its folder) when absent, for
  // a sweep over `axes`; a store of a sweep with other axes is refused.
  static ResultsStore open_for_writing(const std::filesystem::path& file,
                                       const std::vector<StoredAxis>& axes);
  // Opens an existing store to read (export, merge inputs).
  static ResultsStore open_existing(const std::filesystem::path& file);

  const std::filesystem::path& file() const { return db_->file(); }
  const std::vector<StoredAxis>& axes() const { return axes_; }

  bool contains(const std::string& key);
  // Adds the point and its rows in one transaction; returns false, writing
  // nothing, when its key is stored already. Throws StoreError when its
  // tables differ in stems or columns from the points stored before.
  bool put(const StoredPoint& point);
  // put() of every point in one transaction (all or none of them stored);
  // returns how many were added (a key stored already, or twice among them,
  // is added once).
  std::size_t put_all(std::span<const StoredPoint> points);
  std::optional<StoredPoint> get(const std::string& key);
  // Every point's key, in sweep order (index, then key).
  std::vector<std::string> keys();
  // Calls `f` with every point, in sweep order, read one at a time.
  void for_each_point(const std::function<void(const StoredPoint&)>& f);
  // The stems and columns (no rows) of the study tables, empty until a point
  // is stored.
  const std::vector<StoredTable>& tables() const { return layout_; }
  std::size_t size();

  // Records that `points_added` points came from the store `source`, whose
  // points were run by `git_revisions` (table "merges").
  void record_merge(const std::filesystem::path& source, const std::vector<std::string>& git_revisions,
                    std::size_t points_added);

 private:
  explicit ResultsStore(SqliteDatabase db);
  void read_layout();
  void create_schema(const std::vector<StoredAxis>& axes);
  void check_tables(const StoredPoint& point);
  void insert_rows(const StoredPoint& point);
  bool insert_point(const StoredPoint& point);
  // The config_members row of a shared member's value text, written when new.
  std::int64_t member_id(const std::string& name, std::string_view text);
  // The value of config_members row `id`, which must be named `name`.
  const nlohmann::json& member_json(std::int64_t id, const std::string& name,
                                    const std::string& where);
  std::string info(const std::string& key);
  void set_info(const std::string& key, const std::string& value);

  // On the heap, so that the statements prepared on it stay valid when the
  // store is moved.
  std::unique_ptr<SqliteDatabase> db_;
  std::vector<StoredAxis> axes_;
  // Stems and columns of the study tables, known once a point is stored.
  std::vector<StoredTable> layout_;
  // Format 2: the long members of configs are kept apart (config_members).
  bool shared_members_ = true;
  // config_members rows known to this connection: ids by name and text
  // (writing), values by id (reading); each forgets past a bound.
  std::map<std::string, std::map<std::string, std::int64_t, std::less<>>, std::less<>> member_ids_;
  std::map<std::int64_t, std::pair<std::string, nlohmann::json>> member_json_;
  std::unique_ptr<SqliteStatement> insert_member_;
  std::unique_ptr<SqliteStatement> find_member_;
  std::unique_ptr<SqliteStatement> get_member_;
  // Prepared once, reused for every point: the points row and one row insert
  // per table of layout_.
  std::unique_ptr<SqliteStatement> insert_point_;
  std::vector<SqliteStatement> insert_rows_;
  std::unique_ptr<SqliteStatement> find_point_;  // contains()
  // get(): the points row and one rows query per table of layout_.
  std::unique_ptr<SqliteStatement> get_point_;
  std::vector<SqliteStatement> get_rows_;
};

}  // namespace lutsim::store
