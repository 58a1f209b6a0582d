#include "store/results_store.hpp"

#include <cmath>
#include <set>

#include "store/point_key.hpp"
#include "store/shared_members.hpp"

namespace lutsim::store {
namespace {

// Resets a prepared statement kept for reuse when its query is left, so that
// no read stays open on the store between calls, an error included.
struct ResetOnExit {
  SqliteStatement& statement;
  ~ResetOnExit() { statement.reset(); }
};

// Format 2 keeps the long members of the points' configs (split_shared_members)
// once each in config_members; format 1 (before 2026-11-29) keeps each
// point's config whole. Both are read and written.
constexpr const char* kFormat = "lutsim sweep store 2";
constexpr const char* kInlineConfigFormat = "lutsim sweep store 1";
constexpr const char* kInlinePointColumns =
    "point_key, git_revision, point_index, label, axis_values_json, config_json";
constexpr const char* kPointColumns =
    "point_key, git_revision, point_index, label, axis_values_json, config_json, "
    "shared_members_json";

// Distinct shared members a store keeps in memory, beyond which it forgets
// them (a sweep whose every point has its own hardware config stays bounded).
constexpr std::size_t kKeptMembers = 1024;

bool same_cell(const ResultTable::Cell& a, const ResultTable::Cell& b) {
  const auto* x = std::get_if<double>(&a);
  const auto* y = std::get_if<double>(&b);
  if (x != nullptr && y != nullptr && std::isnan(*x) && std::isnan(*y)) return true;
  return a == b;
}

bool same_columns(const ResultTable& a, const ResultTable& b) {
  if (a.columns().size() != b.columns().size()) return false;
  for (std::size_t i = 0; i < a.columns().size(); ++i) {
    if (a.columns()[i].name != b.columns()[i].name || a.columns()[i].unit != b.columns()[i].unit) {
      return false;
    }
  }
  return true;
}

bool same_rows(const ResultTable& a, const ResultTable& b) {
  if (a.rows().size() != b.rows().size()) return false;
  for (std::size_t r = 0; r < a.rows().size(); ++r) {
    for (std::size_t c = 0; c < a.rows()[r].size(); ++c) {
      if (!same_cell(a.rows()[r][c], b.rows()[r][c])) return false;
    }
  }
  return true;
}

std::string rows_table(const std::string& stem) { return quoted_identifier("rows_" + stem); }

nlohmann::json layout_json(const std::vector<StoredTable>& tables) {
  nlohmann::json j = nlohmann::json::array();
  for (const StoredTable& t : tables) {
    nlohmann::json columns = nlohmann::json::array();
    for (const auto& c : t.table.columns()) {
      columns.push_back({{"name", c.name}, {"unit", c.unit}, {"description", c.description}});
    }
    j.push_back({{"stem", t.stem}, {"columns", columns}});
  }
  return j;
}

nlohmann::json axes_json(const std::vector<StoredAxis>& axes) {
  nlohmann::json j = nlohmann::json::array();
  for (const StoredAxis& a : axes) {
    j.push_back({{"column", a.column}, {"key", a.key}});
    if (!a.sampling.empty()) j.back()["sampling"] = a.sampling;
  }
  return j;
}

// Parses JSON text the store holds under `what`; a store edited by hand or
// damaged gives an error naming the file and the entry.
nlohmann::json parse_stored(const SqliteDatabase& db, const std::string& what,
                            const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) throw StoreError(db.file(), what + ": expected JSON text");
  return j;
}

// Reads `key` (a string) of every element of the array `j`.
std::vector<std::string> strings_of(const SqliteDatabase& db, const std::string& what,
                                    const nlohmann::json& j, const char* key) {
  if (!j.is_array()) throw StoreError(db.file(), what + ": expected a JSON array");
  std::vector<std::string> out;
  for (const auto& e : j) {
    const auto* s = e.is_object() && e.contains(key) ? e[key].get_ptr<const std::string*>()
                                                     : nullptr;
    if (s == nullptr) {
      throw StoreError(db.file(), what + ": expected objects with a string \"" + key + "\"");
    }
    out.push_back(*s);
  }
  return out;
}

std::vector<StoredAxis> read_axes(const SqliteDatabase& db, const std::string& text) {
  const auto j = parse_stored(db, "axes", text);
  const auto columns = strings_of(db, "axes", j, "column");
  const auto keys = strings_of(db, "axes", j, "key");
  std::vector<StoredAxis> out;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const auto* sampling = j[i].contains("sampling")
                               ? j[i]["sampling"].get_ptr<const std::string*>()
                               : nullptr;
    if (j[i].contains("sampling") && sampling == nullptr) {
      throw StoreError(db.file(), "axes: expected a string \"sampling\"");
    }
    out.push_back({columns[i], keys[i], sampling ? *sampling : ""});
  }
  return out;
}

std::vector<StoredTable> read_layout_json(const SqliteDatabase& db, const std::string& text) {
  const auto j = parse_stored(db, "tables", text);
  const auto stems = strings_of(db, "tables", j, "stem");
  std::vector<StoredTable> out;
  for (std::size_t t = 0; t < stems.size(); ++t) {
    const auto& columns = j[t].value("columns", nlohmann::json());
    const std::string what = "tables[" + std::to_string(t) + "].columns";
    const auto names = strings_of(db, what, columns, "name");
    const auto units = strings_of(db, what, columns, "unit");
    const auto descriptions = strings_of(db, what, columns, "description");
    std::vector<ResultTable::Column> cs;
    for (std::size_t c = 0; c < names.size(); ++c) cs.push_back({names[c], units[c], descriptions[c]});
    out.push_back({stems[t], ResultTable(cs)});
  }
  return out;
}

std::string axes_text(const std::vector<StoredAxis>& axes) {
  std::string s;
  for (const StoredAxis& a : axes) {
    s += (s.empty() ? "" : ", ") + a.column + " (" + a.key +
         (a.sampling.empty() ? "" : "; " + a.sampling) + ")";
  }
  return "[" + s + "]";
}

}  // namespace

std::string config_text(const StoredPoint& point) {
  return point.config_json.empty() ? point.config.dump() : point.config_json;
}

bool same_results(const StoredPoint& a, const StoredPoint& b) {
  if (a.tables.size() != b.tables.size() || config_text(a) != config_text(b)) return false;
  for (std::size_t t = 0; t < a.tables.size(); ++t) {
    if (a.tables[t].stem != b.tables[t].stem ||
        !same_columns(a.tables[t].table, b.tables[t].table) ||
        !same_rows(a.tables[t].table, b.tables[t].table)) {
      return false;
    }
  }
  return true;
}

ResultsStore::ResultsStore(SqliteDatabase db)
    : db_(std::make_unique<SqliteDatabase>(std::move(db))) {}

ResultsStore ResultsStore::open_for_writing(const std::filesystem::path& file,
                                            const std::vector<StoredAxis>& axes) {
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) throw StoreError(file, "cannot create its folder: " + ec.message());
  ResultsStore s(SqliteDatabase(file, SqliteDatabase::Access::kCreate));
  // Pages of 16 KiB (a new store's; an existing one keeps its own): a
  // point's row fits in its page even where its config has no shared members
  // (a resolved design-point config is about 5 KB), where 4 KiB pages spill
  // it into overflow pages, each one more page to write.
  s.db_->exec("PRAGMA page_size = 16384");
  // Exclusive locking before WAL: no shared-memory file, one process at a time.
  s.db_->exec("PRAGMA locking_mode = EXCLUSIVE");
  s.db_->exec("PRAGMA journal_mode = WAL");
  s.db_->exec("PRAGMA synchronous = NORMAL");
  if (!s.db_->has_table("lutsim_store")) s.create_schema(axes);
  s.read_layout();
  if (s.axes_ != axes) {
    throw StoreError(file, "holds a sweep over the axes " + axes_text(s.axes_) + ", not " +
                               axes_text(axes) + "; give this sweep another --store");
  }
  return s;
}

ResultsStore ResultsStore::open_existing(const std::filesystem::path& file) {
  if (!std::filesystem::is_regular_file(file)) throw StoreError(file, "no such store file");
  ResultsStore s(SqliteDatabase(file, SqliteDatabase::Access::kExisting));
  s.read_layout();
  return s;
}

void ResultsStore::create_schema(const std::vector<StoredAxis>& axes) {
  SqliteStatement tables(*db_, "SELECT count(*) FROM sqlite_master");
  if (tables.step() && tables.integer(0) != 0) {
    throw StoreError(file(), "not a lutsim sweep store (it has tables, but no lutsim_store)");
  }
  SqliteTransaction t(*db_);
  db_->exec("CREATE TABLE lutsim_store (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  // A point's config_json is its config without the shared members;
  // shared_members_json names each one's config_members row: {"hw": 1, ...}.
  db_->exec(
      "CREATE TABLE points (point_key TEXT PRIMARY KEY, git_revision TEXT NOT NULL, "
      "point_index INTEGER NOT NULL, label TEXT NOT NULL, axis_values_json TEXT NOT NULL, "
      "config_json TEXT NOT NULL, shared_members_json TEXT NOT NULL)");
  db_->exec(
      "CREATE TABLE config_members (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
      "sha256 TEXT NOT NULL, text TEXT NOT NULL, UNIQUE (name, sha256))");
  db_->exec(
      "CREATE TABLE merges (source TEXT NOT NULL, git_revisions_json TEXT NOT NULL, "
      "points_added INTEGER NOT NULL)");
  set_info("format", kFormat);
  set_info("axes", axes_json(axes).dump());
  set_info("tables", "[]");
  t.commit();
}

void ResultsStore::read_layout() {
  if (!db_->has_table("lutsim_store")) {
    throw StoreError(file(), "not a lutsim sweep store (no lutsim_store table)");
  }
  const std::string format = info("format");
  if (format != kFormat && format != kInlineConfigFormat) {
    throw StoreError(file(), "format: expected '" + std::string(kFormat) + "' or '" +
                                 kInlineConfigFormat + "', got '" + format + "'");
  }
  shared_members_ = format == kFormat;
  axes_ = read_axes(*db_, info("axes"));
  layout_ = read_layout_json(*db_, info("tables"));
  for (const StoredTable& t : layout_) {
    if (!db_->has_table("rows_" + t.stem)) {
      throw StoreError(file(), "tables: no table rows_" + t.stem + " for the stem '" + t.stem + "'");
    }
  }
}

std::string ResultsStore::info(const std::string& key) {
  SqliteStatement s(*db_, "SELECT value FROM lutsim_store WHERE key = ?1");
  s.bind(1, key);
  if (!s.step()) throw StoreError(file(), "lutsim_store: no entry '" + key + "'");
  return s.text(0);
}

void ResultsStore::set_info(const std::string& key, const std::string& value) {
  SqliteStatement s(*db_, "INSERT OR REPLACE INTO lutsim_store (key, value) VALUES (?1, ?2)");
  s.bind(1, key).bind(2, value).run();
}

bool ResultsStore::contains(const std::string& key) {
  if (!find_point_) {
    find_point_ = std::make_unique<SqliteStatement>(*db_, "SELECT 1 FROM points WHERE point_key = ?1");
  }
  SqliteStatement& s = *find_point_;
  s.reset();
  s.bind(1, key);
  const bool found = s.step();
  s.reset();  // no read left open on the store
  return found;
}

// The first point fixes the tables; every later point must have the same.
void ResultsStore::check_tables(const StoredPoint& point) {
  if (layout_.empty()) {
    std::set<std::string> stems;
    for (const StoredTable& t : point.tables) {
      if (!stems.insert(t.stem).second) throw StoreError(file(), "two tables named " + t.stem);
      std::string sql = "CREATE TABLE " + rows_table(t.stem) +
                        " (point_key TEXT NOT NULL REFERENCES points, row_index INTEGER NOT NULL";
      std::set<std::string> names{"point_key", "row_index"};
      for (const auto& c : t.table.columns()) {
        if (!names.insert(unit_key(c)).second) {
          throw StoreError(file(), "table " + t.stem + ": two columns named " + unit_key(c));
        }
        sql += ", " + quoted_identifier(unit_key(c));
      }
      db_->exec(sql + ", PRIMARY KEY (point_key, row_index))");
      layout_.push_back({t.stem, ResultTable(t.table.columns())});
    }
    set_info("tables", layout_json(layout_).dump());
    return;
  }
  bool same = point.tables.size() == layout_.size();
  for (std::size_t t = 0; same && t < layout_.size(); ++t) {
    same = point.tables[t].stem == layout_[t].stem &&
           same_columns(point.tables[t].table, layout_[t].table);
  }
  if (!same) {
    throw StoreError(file(), "point " + point.label +
                                 ": its tables differ in names or columns from those of the "
                                 "points stored before (" +
                                 layout_json(layout_).dump() + ")");
  }
}

void ResultsStore::insert_rows(const StoredPoint& point) {
  if (insert_rows_.size() != layout_.size()) {
    insert_rows_.clear();
    for (const StoredTable& t : layout_) {
      std::string sql = "INSERT INTO " + rows_table(t.stem) + " VALUES (?1, ?2";
      for (std::size_t c = 0; c < t.table.columns().size(); ++c) sql += ", ?" + std::to_string(c + 3);
      insert_rows_.emplace_back(*db_, sql + ")");
    }
  }
  for (std::size_t i = 0; i < point.tables.size(); ++i) {
    const ResultTable& table = point.tables[i].table;
    SqliteStatement& s = insert_rows_[i];
    for (std::size_t r = 0; r < table.rows().size(); ++r) {
      s.reset();
      s.bind(1, point.key).bind(2, static_cast<std::int64_t>(r));
      for (std::size_t c = 0; c < table.columns().size(); ++c) {
        s.bind_cell(static_cast<int>(c + 3), table.rows()[r][c]);
      }
      s.run();
    }
  }
}

std::int64_t ResultsStore::member_id(const std::string& name, std::string_view text) {
  std::map<std::string, std::int64_t, std::less<>>& ids = member_ids_[name];
  if (const auto known = ids.find(text); known != ids.end()) return known->second;
  if (!insert_member_) {
    insert_member_ = std::make_unique<SqliteStatement>(
        *db_,
        "INSERT INTO config_members (name, sha256, text) VALUES (?1, ?2, ?3) "
        "ON CONFLICT DO NOTHING");
    find_member_ = std::make_unique<SqliteStatement>(
        *db_, "SELECT member_id, text FROM config_members WHERE name = ?1 AND sha256 = ?2");
  }
  const std::string sha256 = sha256_hex(text);
  insert_member_->reset();
  insert_member_->bind(1, name).bind(2, sha256).bind(3, text).run();
  SqliteStatement& find = *find_member_;
  const ResetOnExit reset{find};
  find.reset();
  find.bind(1, name).bind(2, sha256);
  if (!find.step() || find.text(1) != text) {
    throw StoreError(file(), "config_members: no row for the member '" + name + "' of SHA-256 " +
                                 sha256 + " as it was just written");
  }
  if (ids.size() >= kKeptMembers) ids.clear();
  return ids.emplace(std::string(text), find.integer(0)).first->second;
}

const nlohmann::json& ResultsStore::member_json(std::int64_t id, const std::string& name,
                                                const std::string& where) {
  if (const auto known = member_json_.find(id); known != member_json_.end()) {
    if (known->second.first == name) return known->second.second;
  }
  if (!get_member_) {
    get_member_ = std::make_unique<SqliteStatement>(
        *db_, "SELECT name, text FROM config_members WHERE member_id = ?1");
  }
  SqliteStatement& s = *get_member_;
  const ResetOnExit reset{s};
  s.reset();
  s.bind(1, id);
  if (!s.step() || s.text(0) != name) {
    throw StoreError(file(), where + ": shared_members_json: no config_members row " +
                                 std::to_string(id) + " named '" + name + "'");
  }
  if (member_json_.size() >= kKeptMembers) member_json_.clear();
  nlohmann::json value = parse_stored(*db_, "config_members row " + std::to_string(id), s.text(1));
  return member_json_.insert_or_assign(id, std::pair{name, std::move(value)}).first->second.second;
}

bool ResultsStore::insert_point(const StoredPoint& point) {
  if (!insert_point_) {
    insert_point_ = std::make_unique<SqliteStatement>(
        *db_, shared_members_ ? std::string("INSERT INTO points (") + kPointColumns +
                                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING"
                              : std::string("INSERT INTO points (") + kInlinePointColumns +
                                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING");
  }
  SqliteStatement& s = *insert_point_;
  s.reset();
  s.bind(1, point.key)
      .bind(2, point.git_revision)
      .bind(3, point.index)
      .bind(4, point.label)
      .bind(5, nlohmann::json(point.axis_values).dump());
  // A point a sweep has just run carries its config as text: bound as it is, not copied.
  const std::string dumped = point.config_json.empty() ? point.config.dump() : std::string();
  const std::string_view config = point.config_json.empty() ? dumped : point.config_json;
  if (shared_members_) {
    const SplitConfig split = split_shared_members(config);
    nlohmann::json ids = nlohmann::json::object();
    for (const auto& [name, text] : split.shared) ids[name] = member_id(name, text);
    s.bind(6, split.rest).bind(7, ids.dump());
  } else {
    s.bind(6, config);
  }
  s.run();
  if (db_->changes() == 0) return false;
  check_tables(point);
  insert_rows(point);
  return true;
}

bool ResultsStore::put(const StoredPoint& point) {
  return put_all(std::span<const StoredPoint>(&point, 1)) == 1;
}

std::size_t ResultsStore::put_all(std::span<const StoredPoint> points) {
  try {
    SqliteTransaction t(*db_);
    std::size_t added = 0;
    for (const StoredPoint& p : points) added += insert_point(p) ? 1 : 0;
    t.commit();
    return added;
  } catch (...) {
    member_ids_.clear();  // the members it wrote are rolled back
    throw;
  }
}

std::optional<StoredPoint> ResultsStore::get(const std::string& key) {
  if (!get_point_) {
    get_point_ = std::make_unique<SqliteStatement>(
        *db_, std::string("SELECT ") + (shared_members_ ? kPointColumns : kInlinePointColumns) +
                  " FROM points WHERE point_key = ?1");
  }
  if (get_rows_.size() != layout_.size()) {
    get_rows_.clear();
    for (const StoredTable& t : layout_) {
      std::string columns;
      for (const auto& c : t.table.columns()) {
        columns += (columns.empty() ? "" : ", ") + quoted_identifier(unit_key(c));
      }
      get_rows_.emplace_back(*db_, "SELECT " + columns + " FROM " + rows_table(t.stem) +
                                       " WHERE point_key = ?1 ORDER BY row_index");
    }
  }
  SqliteStatement& s = *get_point_;
  const ResetOnExit reset_point{s};
  s.reset();
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  StoredPoint p{s.text(0), s.text(1), s.integer(2), s.text(3), {}, {}, {}};
  const std::string where = "point " + p.label;
  const auto values = parse_stored(*db_, where + ": axis_values_json", s.text(4));
  if (!values.is_array() || values.size() != axes_.size()) {
    throw StoreError(file(), where + ": axis_values_json: expected " +
                                 std::to_string(axes_.size()) + " values");
  }
  for (const auto& v : values) {
    if (!v.is_string()) throw StoreError(file(), where + ": axis_values_json: expected strings");
    p.axis_values.push_back(v.get<std::string>());
  }
  p.config = parse_stored(*db_, where + ": config_json", s.text(5));
  if (shared_members_) {
    const auto ids = parse_stored(*db_, where + ": shared_members_json", s.text(6));
    if (!ids.is_object() || !p.config.is_object()) {
      throw StoreError(file(), where +
                                   ": expected JSON objects in config_json and "
                                   "shared_members_json");
    }
    for (const auto& [name, id] : ids.items()) {
      if (!id.is_number_integer() || p.config.contains(name)) {
        throw StoreError(file(), where + ": shared_members_json: '" + name +
                                     "' is not a config_members row of a member config_json lacks");
      }
      p.config[name] = member_json(id.get<std::int64_t>(), name, where);
    }
  }
  for (std::size_t i = 0; i < layout_.size(); ++i) {
    const StoredTable& t = layout_[i];
    SqliteStatement& rows = get_rows_[i];
    const ResetOnExit reset_rows{rows};
    rows.reset();
    rows.bind(1, key);
    ResultTable table(t.table.columns());
    while (rows.step()) {
      std::vector<ResultTable::Cell> row;
      for (int c = 0; c < rows.columns(); ++c) row.push_back(rows.cell(c));
      table.add_row(std::move(row));
    }
    p.tables.push_back({t.stem, std::move(table)});
  }
  return p;
}

std::vector<std::string> ResultsStore::keys() {
  SqliteStatement s(*db_, "SELECT point_key FROM points ORDER BY point_index, point_key");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

void ResultsStore::for_each_point(const std::function<void(const StoredPoint&)>& f) {
  SqliteStatement s(*db_, "SELECT point_key FROM points ORDER BY point_index, point_key");
  while (s.step()) f(*get(s.text(0)));
}

std::size_t ResultsStore::size() {
  SqliteStatement s(*db_, "SELECT count(*) FROM points");
  s.step();
  return static_cast<std::size_t>(s.integer(0));
}

void ResultsStore::record_merge(const std::filesystem::path& source,
                                const std::vector<std::string>& git_revisions,
                                std::size_t points_added) {
  SqliteStatement s(*db_, "INSERT INTO merges VALUES (?1, ?2, ?3)");
  s.bind(1, source.string())
      .bind(2, nlohmann::json(git_revisions).dump())
      .bind(3, static_cast<std::int64_t>(points_added))
      .run();
}

}  // namespace lutsim::store
