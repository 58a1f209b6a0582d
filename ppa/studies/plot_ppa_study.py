#!/usr/bin/python3
"""Plots one `lutsim ppa` study from its CSV (Debian's python3 + matplotlib).

usage: plot_ppa_study.py <study.csv> <out.png> <study kind>

The CSV is the one `lutsim ppa` writes: '#' comment lines (command, git
revision, units, resolved config), then a header and one row per design.
"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines))
    if not rows:
        raise SystemExit(f"{path}: no rows")
    for r in rows:
        for k, v in r.items():
            if v == "":
                r[k] = float("nan")  # no such figure for this row (an empty field)
                continue
            try:
                r[k] = float(v)
            except (TypeError, ValueError):
                pass
    return rows


def grouped_bars(ax, rows, group_key, series_key, value_key, ylabel):
    groups = list(dict.fromkeys(group_key(r) for r in rows))
    series = list(dict.fromkeys(r[series_key] for r in rows))
    width = 0.8 / len(series)
    for i, s in enumerate(series):
        values = []
        for g in groups:
            match = [r[value_key] for r in rows if group_key(r) == g and r[series_key] == s]
            values.append(match[0] if match else 0.0)
        ax.bar([x + i * width for x in range(len(groups))], values, width, label=str(s))
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(groups))])
    ax.set_xticklabels(groups, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)


def precision(r):
    return f"W{int(r['weight_bits'])} {r['activation']}"


def plot_dot_units(rows, fig):
    a1, a2 = fig.subplots(1, 2)
    grouped_bars(a1, rows, precision, "family", "compute_density", "compute density (TOPS/mm^2)")
    grouped_bars(a2, rows, precision, "family", "energy_efficiency", "energy efficiency (TOPS/W)")
    fig.suptitle("Dot units (DP-K): LUT vs MAC vs ADD")


def plot_weight_bits(rows, fig):
    a1, a2 = fig.subplots(1, 2)
    for fam in dict.fromkeys(r["family"] for r in rows):
        rs = sorted((r for r in rows if r["family"] == fam), key=lambda r: r["weight_bits"])
        w = [r["weight_bits"] for r in rs]
        a1.plot(w, [r["compute_density"] for r in rs], marker="o", label=fam)
        a2.plot(w, [r["energy_efficiency"] for r in rs], marker="o", label=fam)
    for ax, lab in ((a1, "compute density (TOPS/mm^2)"), (a2, "energy efficiency (TOPS/W)")):
        ax.set_xlabel("weight bits")
        ax.set_ylabel(lab)
        ax.set_yscale("log")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("Weight-bit scaling")


def plot_group_size(rows, fig):
    ax = fig.subplots(1, 1)
    units = [r for r in rows if r["part"] == "unit"]
    for key in dict.fromkeys(precision(r) for r in units):
        rs = sorted((r for r in units if precision(r) == key), key=lambda r: r["k"])
        ax.plot([r["k"] for r in rs], [r["compute_density"] for r in rs], marker="o", label=key)
    ax.set_xlabel("group size K")
    ax.set_ylabel("compute density of the dot unit (TOPS/mm^2)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle("LUT dot unit: group size")


def plot_array_shapes(rows, fig):
    # One panel per precision pair (FP16 arrays are about twice the INT8 ones), one marker
    # per shape (the K = 4 shapes lie within a few percent of each other: labels would
    # overlap).
    keys = list(dict.fromkeys(precision(r) for r in rows))
    shapes = list(dict.fromkeys(r["shape"] for r in rows))
    markers = "osD^v<>ph*"
    cols = min(3, len(keys))
    nrows = (len(keys) + cols - 1) // cols
    fig.set_size_inches(4.2 * cols, 3.4 * nrows + 0.8)
    axes = fig.subplots(nrows, cols, squeeze=False).flatten()
    for ax, key in zip(axes, keys):
        rs = [r for r in rows if precision(r) == key]
        for n, shape in enumerate(shapes):
            pts = [(r["area"] * 1e-6, r["power"]) for r in rs if r["shape"] == shape]
            if pts:
                ax.scatter(*zip(*pts), s=28, marker=markers[n % len(markers)], label=shape)
        xs = [r["area"] * 1e-6 for r in rs]
        ys = [r["power"] for r in rs]
        best = min(x * y for x, y in zip(xs, ys))
        lo_x, hi_x = min(xs) / 1.1, max(xs) * 1.1
        grid = [lo_x + (hi_x - lo_x) * i / 100 for i in range(101)]
        for c in (best, 1.05 * best, 1.10 * best):
            ax.plot(grid, [c / x for x in grid], "k:", linewidth=0.7)
        ax.set_xlim(lo_x, hi_x)
        ax.set_ylim(min(ys) / 1.1, max(ys) * 1.1)
        ax.set_title(key, fontsize=9)
        ax.set_xlabel("area (mm^2)", fontsize=8)
        ax.set_ylabel("power (mW)", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
    for ax in axes[len(keys):]:
        ax.set_visible(False)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(shapes), fontsize=8)
    fig.suptitle("Array shapes, M x N x K = 512 (dotted: area x power of the best shape, +5%, +10%)")
    fig.tight_layout(rect=(0, 0.07, 1, 0.95))
    return True  # laid out here (room for the shared legend)


def plot_ablation(rows, fig):
    a1, a2 = fig.subplots(1, 2)
    labels = [f"{int(r['step'])}" for r in rows]
    a1.bar(labels, [r["area"] * 1e-6 for r in rows])
    a2.bar(labels, [r["power"] for r in rows])
    a1.set_ylabel("area (mm^2)")
    a2.set_ylabel("power (mW)")
    for ax in (a1, a2):
        ax.set_xlabel("step")
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle("Ablation: " + " | ".join(f"{int(r['step'])}: {r['design']}" for r in rows),
                 fontsize=7)


def plot_tensor_core(rows, fig):
    a1, a2 = fig.subplots(1, 2)
    sm = [r for r in rows if r["scope"] == "sm"]
    names = [r["variant"] for r in sm]
    a1.bar(names, [r["area"] * 1e-6 for r in sm])
    a2.bar(names, [r["power"] for r in sm])
    a1.set_ylabel("area per SM (mm^2)")
    a2.set_ylabel("power per SM (mW)")
    for ax in (a1, a2):
        ax.tick_params(axis="x", rotation=30, labelsize=8)
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle("Tensor cores: an SM's worth")


PLOTS = {
    "ppa_dot_units": plot_dot_units,
    "ppa_weight_bits": plot_weight_bits,
    "ppa_group_size": plot_group_size,
    "ppa_array_shapes": plot_array_shapes,
    "ppa_ablation": plot_ablation,
    "ppa_tensor_core": plot_tensor_core,
}


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in PLOTS:
        raise SystemExit(__doc__ + "\nstudy kinds: " + ", ".join(PLOTS))
    rows = read_rows(sys.argv[1])
    fig = plt.figure(figsize=(11, 4.8))
    if not PLOTS[sys.argv[3]](rows, fig):
        fig.tight_layout()
    tmp = sys.argv[2] + ".tmp.png"
    fig.savefig(tmp, dpi=120)
    os.replace(tmp, sys.argv[2])


if __name__ == "__main__":
    main()
