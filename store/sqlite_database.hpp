#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/io/result_table.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace lutsim::store {

// A problem with a results store. what() reads "<file>: <message>", so every
// error names the store it concerns.
class StoreError : public std::runtime_error {
 public:
  StoreError(const std::filesystem::path& file, const std::string& message)
      : std::runtime_error(file.string() + ": " + message) {}
};

class SqliteDatabase;

// A prepared statement of one SqliteDatabase; bind 1-based, read 0-based.
class SqliteStatement {
 public:
  SqliteStatement(SqliteDatabase& db, std::string_view sql);

  SqliteStatement& bind_cell(int index, const ResultTable::Cell& value);
  SqliteStatement& bind(int index, std::string_view text);
  SqliteStatement& bind(int index, std::int64_t value);

  // Steps once: true while a row is available, false when done.
  bool step();
  // step() for a statement that returns no rows, then reset for reuse.
  void run();
  void reset();

  int columns() const;
  std::string column_name(int index) const;
  std::string text(int index) const;
  std::int64_t integer(int index) const;
  // The cell as SQLite typed it: INTEGER, REAL or TEXT. SQLite stores a NaN
  // as NULL, so NULL reads back as a quiet NaN; a BLOB is an error.
  ResultTable::Cell cell(int index) const;

 private:
  struct Finalize {
    void operator()(sqlite3_stmt* s) const;
  };
  SqliteDatabase* db_;
  std::unique_ptr<sqlite3_stmt, Finalize> stmt_;
};

// One connection to an SQLite file, used by one thread at a time. Every
// failure throws StoreError naming the file.
class SqliteDatabase {
 public:
  enum class Access { kExisting, kCreate };  // kCreate creates the file when absent

  SqliteDatabase(std::filesystem::path file, Access access);

  const std::filesystem::path& file() const { return file_; }
  void exec(const std::string& sql);
  // Rows the last INSERT/UPDATE/DELETE changed.
  int changes() const;
  // Whether the schema has a table of that name.
  bool has_table(std::string_view name);

  // Throws StoreError with `what` and SQLite's message for the last failure.
  [[noreturn]] void fail(const std::string& what) const;

  sqlite3* handle() const { return db_.get(); }

 private:
  struct Close {
    void operator()(sqlite3* db) const;
  };
  std::filesystem::path file_;
  std::unique_ptr<sqlite3, Close> db_;
};

// An SQL identifier quoted for use in a statement ("a""b").
std::string quoted_identifier(std::string_view name);

// A transaction committed by commit(), rolled back when left uncommitted.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDatabase& db);
  ~SqliteTransaction();
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  void commit();

 private:
  SqliteDatabase& db_;
  bool done_ = false;
};

}  // namespace lutsim::store
