"""What the sweep store tests compare: a store's points and a CSV's rows."""
import sqlite3


def store_points(path):
    """{point_key: [git_revision, point_index, axis values, config, {table: rows}]}."""
    db = sqlite3.connect(path)
    try:
        points = {}
        for key, rev, index, axes, config in db.execute(
                "SELECT point_key, git_revision, point_index, axis_values_json, config_json "
                "FROM points"):
            assert key not in points, f"{path}: point {key} twice"
            points[key] = [rev, index, axes, config, {}]
        tables = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rows_%'")]
        for table in tables:
            for row in db.execute(f'SELECT * FROM "{table}" ORDER BY point_key, row_index'):
                assert row[0] in points, f"{path}: {table} holds rows of {row[0]}, not stored"
                points[row[0]][4].setdefault(table, []).append(row[1:])
            dup = db.execute(f'SELECT point_key, row_index, count(*) FROM "{table}" '
                             "GROUP BY point_key, row_index HAVING count(*) > 1").fetchall()
            assert not dup, f"{path}: {table}: duplicated rows {dup}"
        return points
    finally:
        db.close()


def csv_rows(path):
    with open(path, encoding="utf-8") as f:
        return [line for line in f if not line.startswith("#")]
