#!/usr/bin/env python3
"""Figures of an autobench-mpi result file (PNG and PDF).

    plot_results.py RESULTS.h5 [--output DIR]      (default DIR: plots/ next to the file)

Per campaign, the thesis figure: problem size (log x) against execution time (ms, linear, left)
and throughput (log, right), the knee marked and labelled with its size. Per (kernel, detector,
rank) a grid of the repeats; per (kernel, detector) the throughput curves of every device model
with their knees. Titles name the backend ("sim (simulated)" for the sim backend), the device
and the date of the run. Exit codes: 0 done, 1 missing Python modules or a failure, 2 bad input.
"""
import argparse
import math
import os
import shutil
import sys
import tempfile


def missing_modules(error):
    sys.stderr.write(
        f"plot_results.py: error: {error} -- the plots need h5py, matplotlib and numpy for {sys.executable}.\n"
        "Install them with\n"
        "  sudo apt-get install python3-h5py python3-matplotlib python3-numpy      (Debian/Ubuntu system Python)\n"
        f"or\n  {sys.executable} -m pip install h5py matplotlib numpy\n")
    sys.exit(1)


try:
    import h5py
    import numpy as np
except ImportError as missing:
    missing_modules(missing)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # autobench_h5.py lies beside this script
from autobench_h5 import campaign_column  # noqa: E402
plt = None  # matplotlib.pyplot, imported once the file has been read and checked (it takes seconds)


def load_matplotlib():
    global plt
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot
    except ImportError as missing:
        missing_modules(missing)
    plt = matplotlib.pyplot


FORMATS = ("png", "pdf")


def text(value):
    """An HDF5 string attribute as str (h5py gives bytes or str depending on how it was written)."""
    return value.decode() if isinstance(value, bytes) else str(value)


class BadFile(ValueError):
    """A results file that cannot be plotted as it is: one line naming the group and what is wrong."""


def attr(group, name, kind):
    """Attribute `name` of `group` as int, bool or str; BadFile when missing or of another type."""
    if name not in group.attrs:
        raise BadFile(f"{group.name}: attribute '{name}' is missing")
    value = group.attrs[name]
    if kind is str:
        if not isinstance(value, (bytes, str)):
            raise BadFile(f"{group.name}: attribute '{name}' is {type(value).__name__}, expected a string")
        return text(value)
    if isinstance(value, np.ndarray) and value.shape in ((), (1,)):
        value = value.reshape(())[()]
    if not isinstance(value, (np.integer, np.bool_, int, bool)):
        raise BadFile(f"{group.name}: attribute '{name}' is {type(value).__name__}, expected a whole number")
    return kind(value)


def dataset(group, name, length=None):
    """1-D numeric column `name` of a campaign group (its own or its sweep's: autobench_h5.py) as float
    array; BadFile when missing, mistyped or not `length` long."""
    try:
        values = np.asarray(campaign_column(group, name))
    except KeyError:
        raise BadFile(f"{group.name}: dataset '{name}' is missing") from None
    except ValueError as e:
        raise BadFile(str(e)) from None
    if values.ndim != 1 or values.dtype.kind not in "iuf":
        raise BadFile(f"{group.name}/{name}: expected a 1-D numeric dataset, found shape {values.shape} of {values.dtype}")
    if length is not None and values.shape[0] != length:
        raise BadFile(f"{group.name}/{name}: {values.shape[0]} values, but 'size' has {length}")
    return np.asarray(values, dtype=float)


class Campaign:
    """One /campaigns/<kernel>/<detector>/rank<R>/repeat<K> group, read into memory and checked."""

    def __init__(self, group, device_name):
        self.kernel = attr(group, "kernel", str)
        self.detector = attr(group, "detector", str)
        self.rank = attr(group, "rank", int)
        self.repeat = attr(group, "repeat", int)
        self.model = attr(group, "device_model", str)
        self.device_name = device_name
        self.unit = attr(group, "metric_unit", str)
        self.knee_detected = attr(group, "knee_detected", bool)
        self.knee_index = attr(group, "knee_index", int)
        self.knee_size = attr(group, "knee_size", int)
        # The knee's 95% bootstrap interval (NaN: none; absent in files from before intervals).
        self.knee_interval = (float(group.attrs.get("knee_low_size", np.nan)), float(group.attrs.get("knee_high_size", np.nan)))
        self.stop_reason = attr(group, "stop_reason", str)
        self.complete = attr(group, "complete", bool)
        self.size = dataset(group, "size")
        self.time_ms = dataset(group, "time_mean_s", len(self.size)) * 1e3
        self.throughput = dataset(group, "throughput", len(self.size))
        if self.knee_detected and not 0 <= self.knee_index < len(self.size):
            raise BadFile(f"{group.name}: knee_index {self.knee_index} is outside the curve of {len(self.size)} "
                          "point(s)")

    def knee_throughput(self):
        return self.throughput[self.knee_index]


class Run:
    """Provenance and campaigns of one result file."""

    def __init__(self, path):
        with h5py.File(path, "r") as f:
            missing = [name for name in ("backend", "start_time") if name not in f.attrs]
            if missing or "campaigns" not in f:
                raise ValueError(f"'{path}' is not an autobench-mpi result file (no /campaigns or root attributes)")
            self.backend = text(f.attrs["backend"])
            self.start_time = text(f.attrs["start_time"])
            devices = {name: text(g.attrs["name"]) for name, g in f["devices"].items()} if "devices" in f else {}
            self.campaigns = []
            for kernel in f["campaigns"].values():
                for detector in kernel.values():
                    for rank_name, rank in detector.items():
                        for repeat in rank.values():
                            c = Campaign(repeat, devices.get(rank_name, rank_name))
                            if len(c.size):
                                self.campaigns.append(c)
        self.campaigns.sort(key=lambda c: (c.kernel, c.detector, c.rank, c.repeat))

    def backend_label(self):
        return "sim (simulated)" if self.backend == "sim" else self.backend

    def date(self):
        """'2026-11-22T21:03:51Z' -> '2026-11-22 21:03 UTC'."""
        t = self.start_time
        return f"{t[:10]} {t[11:16]} UTC" if len(t) >= 16 and t[10] == "T" else t

    def subtitle(self, device):
        return f"{device} | backend {self.backend_label()} | {self.date()}"


def group_by(items, key):
    groups = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return groups


def size_label(n):
    return f"{int(n):,}"


def draw_campaign(ax, c, legend):
    """The thesis figure on ax: execution time (left, linear) and throughput (right, log) over size."""
    ax.set_xscale("log")
    ax.plot(c.size, c.time_ms, "o-", color="C0", markersize=3, label="execution time")
    ax.set_xlabel("problem size")
    ax.set_ylabel("execution time (ms)", color="C0")
    ax.tick_params(axis="y", labelcolor="C0")
    right = ax.twinx()
    right.set_yscale("log")
    right.plot(c.size, c.throughput, "s-", color="C1", markersize=3, label=f"throughput ({c.unit})")
    right.set_ylabel(f"throughput ({c.unit})", color="C1")
    right.tick_params(axis="y", labelcolor="C1")
    if c.knee_detected:
        ax.axvline(c.knee_size, color="C3", linestyle="--", linewidth=1.2, label="knee")
        if not np.isnan(c.knee_interval[0]):
            ax.axvspan(*c.knee_interval, color="C3", alpha=0.12, label="knee 95% interval")
        right.plot([c.knee_size], [c.knee_throughput()], "*", color="C3", markersize=12)
        right.annotate(f"knee: {size_label(c.knee_size)}", (c.knee_size, c.knee_throughput()),
                       textcoords="offset points", xytext=(-8, 6), ha="right", color="C3", fontsize=9)
    else:
        ax.text(0.02, 0.95, f"no knee (stop: {c.stop_reason})", transform=ax.transAxes, va="top", color="C3",
                fontsize=9)
    if legend:
        lines = ax.get_legend_handles_labels()
        more = right.get_legend_handles_labels()
        ax.legend(lines[0] + more[0], lines[1] + more[1], loc="lower right", fontsize=8)


def save(fig, title, out_dir, stem, written):
    """Writes the figure in every format, titled (and with the title as file metadata)."""
    fig.suptitle(title)
    for fmt in FORMATS:
        path = os.path.join(out_dir, f"{stem}.{fmt}")
        fig.savefig(path, dpi=150, metadata={"Title": title.replace("\n", " - ")})
        written.append(path)
    plt.close(fig)


def campaign_figures(run, out_dir, written):
    for c in run.campaigns:
        fig, ax = plt.subplots(figsize=(8, 5), layout="constrained")
        draw_campaign(ax, c, legend=True)
        state = "" if c.complete else " (incomplete)"
        save(fig, f"{c.kernel} / {c.detector}, rank {c.rank} repeat {c.repeat}{state}\n{run.subtitle(c.device_name)}",
             out_dir, f"campaign_{c.kernel}_{c.detector}_rank{c.rank}_repeat{c.repeat}", written)


def repeat_grids(run, out_dir, written):
    for (kernel, detector, rank), cs in group_by(run.campaigns, lambda c: (c.kernel, c.detector, c.rank)).items():
        cols = min(len(cs), 3)
        rows = math.ceil(len(cs) / cols)
        fig, axes = plt.subplots(rows, cols, figsize=(5.5 * cols, 4 * rows), squeeze=False, layout="constrained")
        for ax in axes.flat[len(cs):]:
            ax.set_visible(False)
        for ax, c in zip(axes.flat, cs):
            draw_campaign(ax, c, legend=False)
            ax.set_title(f"repeat {c.repeat}" + ("" if c.complete else " (incomplete)"))
        save(fig, f"{kernel} / {detector}, rank {rank}: {len(cs)} repeat(s)\n{run.subtitle(cs[0].device_name)}",
             out_dir, f"repeats_{kernel}_{detector}_rank{rank}", written)


def model_figures(run, out_dir, written):
    for (kernel, detector), cs in group_by(run.campaigns, lambda c: (c.kernel, c.detector)).items():
        fig, ax = plt.subplots(figsize=(8, 5), layout="constrained")
        ax.set_xscale("log")
        ax.set_yscale("log")
        for i, (model, mcs) in enumerate(sorted(group_by(cs, lambda c: c.model).items())):
            color = f"C{i % 10}"
            label = f"{model} ({len(mcs)} campaign(s), median knee {size_label(np.median([c.knee_size for c in mcs]))})"
            for j, c in enumerate(mcs):
                ax.plot(c.size, c.throughput, "-", color=color, alpha=0.7, linewidth=1, label=label if j == 0 else None)
                if c.knee_detected:
                    ax.plot([c.knee_size], [c.knee_throughput()], "*", color=color, markersize=11,
                            markeredgecolor="black", markeredgewidth=0.5)
        ax.set_xlabel("problem size")
        ax.set_ylabel(f"throughput ({cs[0].unit})")
        ax.legend(fontsize=8, loc="lower right", title="device model (* knee)", title_fontsize=8)
        ax.grid(True, which="major", alpha=0.3)
        save(fig, f"{kernel} / {detector}: device models\nbackend {run.backend_label()} | {run.date()}",
             out_dir, f"models_{kernel}_{detector}", written)


def draw_all(run, out_dir):
    """Every figure into out_dir, all or none: drawn into a temporary directory beside them, then renamed."""
    os.makedirs(out_dir, exist_ok=True)
    partial = tempfile.mkdtemp(prefix=".plots-partial-", dir=out_dir)
    try:
        written = []
        campaign_figures(run, partial, written)
        repeat_grids(run, partial, written)
        model_figures(run, partial, written)
        final = [os.path.join(out_dir, os.path.basename(path)) for path in written]
        for path, target in zip(written, final):
            os.replace(path, target)
        return final
    finally:
        shutil.rmtree(partial, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="an autobench-mpi HDF5 result file")
    parser.add_argument("--output", help="directory for the figures (default: plots/ next to the file)")
    args = parser.parse_args()
    if not os.path.isfile(args.file):
        sys.stderr.write(f"plot_results.py: error: '{args.file}' does not exist or is not a file\n")
        return 2
    try:
        run = Run(args.file)
    except Exception as e:  # h5py raises OSError, KeyError, TypeError, ... on damaged files: all are bad input
        sys.stderr.write(f"plot_results.py: error: cannot read '{args.file}': {one_line(e)}\n")
        return 2
    out_dir = args.output or os.path.join(os.path.dirname(os.path.abspath(args.file)), "plots")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        sys.stderr.write(f"plot_results.py: error: cannot write the figures: '{out_dir}' is not a directory\n")
        return 1
    load_matplotlib()
    created = not os.path.exists(out_dir)
    try:
        written = draw_all(run, out_dir)
    except Exception as e:
        if created:
            shutil.rmtree(out_dir, ignore_errors=True)
        sys.stderr.write(f"plot_results.py: error: cannot write the figures in '{out_dir}': {one_line(e)}\n")
        return 1
    print(f"{len(written)} figure files ({', '.join(FORMATS).upper()}) of {len(run.campaigns)} campaign(s) in {out_dir}")
    return 0


def one_line(error):
    """An exception as one line: its message without line breaks, or its type when it has none."""
    message = " ".join(str(error).split())
    return message or type(error).__name__


if __name__ == "__main__":
    sys.exit(main())
