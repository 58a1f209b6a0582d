#!/usr/bin/python3
"""Plots of `lutsim validate`: the model against measured GEMM times.

Reads the points table lutsim validate writes (points.csv: '#' comment lines,
then one row per measurement with dataset, m, measured [us], predicted [us],
error [%], m_regime, roofline) and writes, for every dataset in it,

  <out>/<dataset>_pred_vs_meas.png  predicted vs measured time, log-log, with
                                    the y = x line; colour: M regime
                                    (gemv, small_m, large_m), marker: roofline
                                    (compute- or memory-bound)
  <out>/<dataset>_error_vs_m.png    signed error (predicted - measured) /
                                    measured in % against M, log x; colour:
                                    roofline

Run with Debian's /usr/bin/python3 (python3-matplotlib); lutsim validate does.
Usage: plot_validation.py POINTS_CSV OUT_DIR
Exit status: 0 ok, 2 bad arguments or input, 3 matplotlib missing.
"""

import csv
import math
import os
import sys

# Drawn in this order: the many large-M points first, so the few GEMVs stay visible.
REGIME_COLOURS = {"large_m": "tab:blue", "small_m": "tab:orange", "gemv": "tab:red"}
ROOFLINE_MARKERS = {"compute_bound": "o", "memory_bound": "^"}
ROOFLINE_COLOURS = {"compute_bound": "tab:blue", "memory_bound": "tab:red"}
NEEDED = ("dataset", "m", "measured", "predicted", "error", "m_regime", "roofline")


def fail(message, status=2):
    sys.stderr.write("plot_validation.py: " + message + "\n")
    sys.exit(status)


def read_points(path):
    """Rows of the points CSV grouped by dataset, in file order, and the
    git revision its '# git_revision:' comment records."""
    try:
        with open(path, newline="") as f:
            lines = f.readlines()
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    revision = "unknown"
    for line in lines:
        if line.startswith("# git_revision:"):
            revision = line.split(":", 1)[1].strip()
    reader = csv.DictReader(line for line in lines if not line.startswith("#"))
    missing = [c for c in NEEDED if c not in (reader.fieldnames or [])]
    if missing:
        fail("%s: missing column(s) %s" % (path, ", ".join(missing)))
    by_dataset = {}
    for number, row in enumerate(reader, start=2):
        try:
            point = {
                "m": float(row["m"]),
                "measured": float(row["measured"]),
                "predicted": float(row["predicted"]),
                "error": float(row["error"]),
                "m_regime": row["m_regime"],
                "roofline": row["roofline"],
            }
        except ValueError as e:
            fail("%s: data row %d: %s" % (path, number - 1, e))
        by_dataset.setdefault(row["dataset"], []).append(point)
    return by_dataset, revision


def mape(points):
    return sum(abs(p["error"]) for p in points) / len(points)


def save(plt, fig, path, metadata):
    fig.tight_layout()
    fig.savefig(path, dpi=120, metadata=metadata)
    plt.close(fig)


def plot_pred_vs_meas(plt, name, points, path, metadata):
    fig, ax = plt.subplots(figsize=(6.4, 6.0))
    small = len(points) > 2000
    for regime, colour in REGIME_COLOURS.items():
        for roofline, marker in ROOFLINE_MARKERS.items():
            sel = [p for p in points if p["m_regime"] == regime and p["roofline"] == roofline]
            if not sel:
                continue
            ax.scatter([p["measured"] for p in sel], [p["predicted"] for p in sel],
                       s=4 if small else 24, alpha=0.35 if small else 0.8, c=colour,
                       marker=marker, linewidths=0,
                       label="%s, %s (%d)" % (regime, roofline.replace("_", "-"), len(sel)))
    values = [p["measured"] for p in points] + [p["predicted"] for p in points]
    lo, hi = min(values) / 1.5, max(values) * 1.5
    ax.plot([lo, hi], [lo, hi], color="black", linewidth=1, label="y = x")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    ax.set_xlabel("measured time [us]")
    ax.set_ylabel("predicted time [us]")
    ax.set_title("%s: %d points, MAPE %.2f%%" % (name, len(points), mape(points)), fontsize=10)
    ax.grid(True, which="major", linewidth=0.3)
    ax.legend(fontsize=7, loc="upper left", markerscale=2 if small else 1)
    save(plt, fig, path, metadata)


def plot_error_vs_m(plt, name, points, path, metadata):
    fig, ax = plt.subplots(figsize=(7.2, 4.4))
    small = len(points) > 2000
    for roofline, colour in ROOFLINE_COLOURS.items():
        sel = [p for p in points if p["roofline"] == roofline]
        if not sel:
            continue
        ax.scatter([p["m"] for p in sel], [p["error"] for p in sel], s=4 if small else 24,
                   alpha=0.35 if small else 0.8, c=colour, marker=ROOFLINE_MARKERS[roofline],
                   linewidths=0,
                   label="%s (%d, MAPE %.2f%%)" % (roofline.replace("_", "-"), len(sel), mape(sel)))
    ax.axhline(0.0, color="black", linewidth=1)
    ax.set_xscale("log")
    ax.set_xlabel("M (tokens)")
    ax.set_ylabel("error (predicted - measured) / measured [%]")
    ax.set_title("%s: signed error vs M (MAPE %.2f%%)" % (name, mape(points)), fontsize=10)
    ax.grid(True, which="major", linewidth=0.3)
    ax.legend(fontsize=7, markerscale=2 if small else 1)
    save(plt, fig, path, metadata)


def main(argv):
    if len(argv) != 3:
        fail("usage: plot_validation.py POINTS_CSV OUT_DIR")
    points_csv, out_dir = argv[1], argv[2]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("matplotlib is not installed for %s (Debian: apt-get install python3-matplotlib); "
             "lutsim validate --no-plots skips the plots" % sys.executable, 3)
    by_dataset, revision = read_points(points_csv)
    # PNG text chunks: where the numbers come from.
    metadata = {"Software": "lutsim validate (git %s), plot_validation.py" % revision,
                "Source": os.path.abspath(points_csv)}
    if not by_dataset:
        fail("%s: no points" % points_csv)
    os.makedirs(out_dir, exist_ok=True)
    for name, points in by_dataset.items():
        if any(not math.isfinite(p["measured"]) or p["measured"] <= 0 for p in points):
            fail("%s: dataset %s has a measured time <= 0" % (points_csv, name))
        plot_pred_vs_meas(plt, name, points, os.path.join(out_dir, name + "_pred_vs_meas.png"),
                          metadata)
        plot_error_vs_m(plt, name, points, os.path.join(out_dir, name + "_error_vs_m.png"),
                        metadata)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
