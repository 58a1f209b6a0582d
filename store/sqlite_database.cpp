#include "store/sqlite_database.hpp"

#include <sqlite3.h>

#include <limits>

namespace lutsim::store {

void SqliteStatement::Finalize::operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }

SqliteStatement::SqliteStatement(SqliteDatabase& db, std::string_view sql) : db_(&db) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &raw, nullptr) !=
      SQLITE_OK) {
    db.fail("cannot prepare `" + std::string(sql) + "`");
  }
  stmt_.reset(raw);
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_.get(), index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    db_->fail("cannot bind a text value");
  }
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_.get(), index, value) != SQLITE_OK) {
    db_->fail("cannot bind an integer value");
  }
  return *this;
}

SqliteStatement& SqliteStatement::bind_cell(int index, const ResultTable::Cell& value) {
  if (const auto* d = std::get_if<double>(&value)) {
    if (sqlite3_bind_double(stmt_.get(), index, *d) != SQLITE_OK) {
      db_->fail("cannot bind a real value");
    }
    return *this;
  }
  if (const auto* i = std::get_if<std::int64_t>(&value)) return bind(index, *i);
  return bind(index, std::string_view(std::get<std::string>(value)));
}

bool SqliteStatement::step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("cannot run `" + std::string(sqlite3_sql(stmt_.get())) + "`");
}

void SqliteStatement::run() {
  step();
  reset();
}

void SqliteStatement::reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
}

int SqliteStatement::columns() const { return sqlite3_column_count(stmt_.get()); }

std::string SqliteStatement::column_name(int index) const {
  return sqlite3_column_name(stmt_.get(), index);
}

std::string SqliteStatement::text(int index) const {
  const auto* p = sqlite3_column_text(stmt_.get(), index);
  if (p == nullptr) {
    throw StoreError(db_->file(), "column " + column_name(index) + ": expected text, got NULL");
  }
  return {reinterpret_cast<const char*>(p),
          static_cast<std::size_t>(sqlite3_column_bytes(stmt_.get(), index))};
}

std::int64_t SqliteStatement::integer(int index) const {
  if (sqlite3_column_type(stmt_.get(), index) != SQLITE_INTEGER) {
    throw StoreError(db_->file(), "column " + column_name(index) + ": expected an integer");
  }
  return sqlite3_column_int64(stmt_.get(), index);
}

ResultTable::Cell SqliteStatement::cell(int index) const {
  switch (sqlite3_column_type(stmt_.get(), index)) {
    case SQLITE_INTEGER:
      return sqlite3_column_int64(stmt_.get(), index);
    case SQLITE_FLOAT:
      return sqlite3_column_double(stmt_.get(), index);
    case SQLITE_NULL:
      return std::numeric_limits<double>::quiet_NaN();
    case SQLITE_TEXT:
      return text(index);
    default:
      throw StoreError(db_->file(),
                       "column " + column_name(index) + ": expected a number or text, got a blob");
  }
}

void SqliteDatabase::Close::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

SqliteDatabase::SqliteDatabase(std::filesystem::path file, Access access)
    : file_(std::move(file)) {
  // Existing files open writable too: reading a store a killed run left
  // needs its write-ahead log recovered into it.
  const int flags = SQLITE_OPEN_READWRITE | (access == Access::kCreate ? SQLITE_OPEN_CREATE : 0);
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(file_.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  db_.reset(raw);
  if (rc != SQLITE_OK) {
    if (raw == nullptr) throw StoreError(file_, "cannot open: out of memory");
    fail("cannot open");
  }
  sqlite3_extended_result_codes(raw, 1);
}

void SqliteDatabase::exec(const std::string& sql) {
  if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    fail("cannot run `" + sql + "`");
  }
}

int SqliteDatabase::changes() const { return sqlite3_changes(db_.get()); }

bool SqliteDatabase::has_table(std::string_view name) {
  SqliteStatement s(*this, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind(1, name);
  return s.step();
}

void SqliteDatabase::fail(const std::string& what) const {
  throw StoreError(file_, what + ": " + sqlite3_errmsg(db_.get()));
}

std::string quoted_identifier(std::string_view name) {
  std::string out = "\"";
  for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

SqliteTransaction::~SqliteTransaction() {
  if (done_) return;
  // A failed rollback leaves SQLite to roll back when the connection closes.
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void SqliteTransaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace lutsim::store
