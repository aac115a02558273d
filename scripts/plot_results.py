#!/usr/bin/env python3
"""Figures of an autobench-mpi result file (PNG and vector PDF by default; SVG on request).

    plot_results.py RESULTS.h5 [--output DIR] [--kernel K,...] [--detector D,...] [--format png,pdf,svg] [--campaigns]
                    [--summary]

The figure set (docs/html.md):
  overview.<fmt>                          one panel per kernel: every campaign's throughput, knees marked
  kernel_<kernel>.<fmt>                   one panel: each sweep's curve (coloured by rank where a model has
                                          several ranks), every detector's knees as its own marker with its
                                          95% interval
  power_<kernel>.<fmt>                    power, energy per launch and work per joule over size (kernels
                                          with power measurements only)
  campaign_<kernel>_rank<R>_repeat<K>.<fmt>   only with --campaigns (a full suite has hundreds): the thesis
                                          figure, time (linear) and throughput (log) over size, one colour
                                          per detector, each knee with its interval
With --summary (a run written in parts: `plot` passes it above 8 ranks) no curve is read, only the root's
/summary tables, and the figures are
  knees_<kernel>.<fmt>                    each campaign's knee size by rank, a marker per detector, with its
                                          95% interval
  health.<fmt>                            GPU health: per kernel each rank's median sweep plateau over the median
                                          of its model's ranks (1 = as its peers), ranks with throttled points red
Throttled points (a thermal or power clock-event reason, or a fallen SM clock) are red crosses.
Titles name the backend ("sim (simulated)" for the sim backend), the device and the date of the run.
Progress goes to stdout as "figure k of N" lines. Exit codes: 0 done, 1 missing Python modules or a
failure, 2 bad input.
"""
import argparse
import math
import multiprocessing
import os
import shutil
import sys
import tempfile


# What plot needs, next to this script (scripts/ in the source tree, share/autobench-mpi/ when installed).
REQUIREMENTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "requirements.txt")


def missing_modules(error):
    sys.stderr.write(
        f"plot_results.py: error: {error} -- the plots need h5py, matplotlib and numpy for {sys.executable}.\n"
        "Install them with\n"
        f"  {sys.executable} -m pip install -r {REQUIREMENTS}\n"
        "or (for the Debian/Ubuntu system Python)\n"
        "  sudo apt-get install python3-h5py python3-matplotlib python3-numpy\n"
        "(scripts/install-deps.sh puts them into the project venv, which plot uses; $AUTOBENCH_PYTHON picks another)\n")
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
    return plt


FORMATS = ("png", "pdf", "svg")
KNEE_STATES = ("detected", "edge", "none")


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


def number(group, name):
    """Optional numeric attribute as float (NaN when absent or not a number)."""
    value = group.attrs.get(name, np.nan)
    try:
        return float(np.asarray(value).reshape(-1)[0])
    except (TypeError, ValueError, IndexError):
        return float("nan")


def dataset(group, name, length=None, optional=False):
    """1-D numeric column `name` of a campaign group (its own or its sweep's: autobench_h5.py) as float
    array; BadFile when missing, mistyped or not `length` long. An optional one that is absent reads as NaN."""
    try:
        values = np.asarray(campaign_column(group, name))
    except KeyError:
        if optional and length is not None:
            return np.full(length, np.nan)
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

    def __init__(self, group, device):
        self.kernel = attr(group, "kernel", str)
        self.detector = attr(group, "detector", str)
        self.rank = attr(group, "rank", int)
        self.repeat = attr(group, "repeat", int)
        self.model = attr(group, "device_model", str)
        self.device = device
        self.device_name = device.get("name", f"rank{self.rank}")
        self.unit = attr(group, "metric_unit", str)
        self.knee_detected = attr(group, "knee_detected", bool)
        self.knee_index = attr(group, "knee_index", int)
        self.knee_size = attr(group, "knee_size", int)
        # 'detected', 'edge' or 'none' where the file says so (knee_status); None: the file does not tell
        # edge knees apart (they count as detected there).
        status = text(group.attrs["knee_status"]) if "knee_status" in group.attrs else None
        self.knee_status = {"found": "detected"}.get(status, status)  # the writer says found, edge or none
        # The knee's 95% bootstrap interval (NaN: none; absent in files from before intervals).
        self.knee_interval = (number(group, "knee_low_size"), number(group, "knee_high_size"))
        self.plateau = number(group, "plateau")
        self.stop_reason = attr(group, "stop_reason", str)
        self.complete = attr(group, "complete", bool)
        self.size = dataset(group, "size")
        n = len(self.size)
        self.time_ms = dataset(group, "time_mean_s", n) * 1e3
        self.throughput = dataset(group, "throughput", n)
        self.power_w = dataset(group, "power_w", n, optional=True)
        self.energy_j = dataset(group, "energy_j", n, optional=True)
        self.efficiency = dataset(group, "efficiency", n, optional=True)
        # Points timed under a thermal or power clock-event reason or with a fallen SM clock (absent: none).
        self.throttled = dataset(group, "throttled", n, optional=True) == 1
        if self.knee_detected and not 0 <= self.knee_index < n:
            raise BadFile(f"{group.name}: knee_index {self.knee_index} is outside the curve of {n} point(s)")

    def status(self):
        """The knee's state: the file's knee_status, else 'detected' or 'none' from knee_detected."""
        return self.knee_status or ("detected" if self.knee_detected else "none")

    def has_power(self):
        return bool(np.any(np.isfinite(self.power_w)) or np.any(np.isfinite(self.energy_j)))


class Run:
    """Provenance, devices, campaigns and stability tables of one result file."""

    def __init__(self, path):
        self.path = path
        with h5py.File(path, "r") as f:
            missing = [name for name in ("backend", "start_time") if name not in f.attrs]
            if missing or "campaigns" not in f:
                raise ValueError(f"'{path}' is not an autobench-mpi result file (no /campaigns or root attributes)")
            self.attrs = {k: plain(v) for k, v in f.attrs.items()}
            self.backend = text(f.attrs["backend"])
            self.start_time = text(f.attrs["start_time"])
            self.devices = {name: {k: plain(v) for k, v in g.attrs.items()} for name, g in f["devices"].items()} \
                if "devices" in f else {}
            self.campaigns = []
            for kernel in f["campaigns"].values():
                for detector in kernel.values():
                    for rank_name, rank in detector.items():
                        for repeat in rank.values():
                            c = Campaign(repeat, self.devices.get(rank_name, {"name": rank_name}))
                            if len(c.size):
                                self.campaigns.append(c)
            self.stability = tables(f["stability"]) if "stability" in f else []
            self.consensus = tables(f["consensus"]) if "consensus" in f else []
        self.campaigns.sort(key=lambda c: (c.kernel, c.detector, c.rank, c.repeat))
        self.edge_flags = any(c.knee_status is not None for c in self.campaigns)

    def select(self, kernels=None, detectors=None):
        """Keeps the campaigns of the named kernels and detectors (None: all); returns the names unknown."""
        unknown = sorted(set(kernels or ()) - {c.kernel for c in self.campaigns})
        unknown += sorted(set(detectors or ()) - {c.detector for c in self.campaigns})
        self.campaigns = [c for c in self.campaigns
                          if (not kernels or c.kernel in kernels) and (not detectors or c.detector in detectors)]
        return unknown

    def backend_label(self):
        return "sim (simulated)" if self.backend == "sim" else self.backend

    def date(self):
        """'2026-11-22T21:03:51Z' -> '2026-11-22 21:03 UTC'."""
        t = self.start_time
        return f"{t[:10]} {t[11:16]} UTC" if len(t) >= 16 and t[10] == "T" else t

    def subtitle(self, device=None):
        where = f"{device} | " if device else ""
        return f"{where}backend {self.backend_label()} | {self.date()}"

    def kernels(self):
        return sorted({c.kernel for c in self.campaigns})

    def models(self):
        return sorted({c.model for c in self.campaigns})


class SummaryRun:
    """A run written in parts read from its root's /summary alone (docs/output.md): no point, no part opened."""

    def __init__(self, path):
        self.path = path
        with h5py.File(path, "r") as f:
            if "summary" not in f or "backend" not in f.attrs:
                raise ValueError(f"'{path}' is not a run written in parts (no /summary)")
            self.backend = text(f.attrs["backend"])
            self.start_time = text(f.attrs.get("start_time", ""))
            read = {name: self.columns(f["summary"][name]) for name in ("campaigns", "sweeps", "ranks")}
        self.campaigns = read["campaigns"]
        self.sweeps = read["sweeps"]
        self.ranks = read["ranks"]

    @staticmethod
    def columns(group):
        """A /summary table as a list of rows (dicts), strings decoded."""
        data = {name: [plain(v) for v in (d.asstr()[:] if d.dtype.kind == "O" else d[:])]
                for name, d in group.items() if isinstance(d, h5py.Dataset) and d.ndim == 1}
        n = len(data.get("rank", []))
        return [{name: values[i] for name, values in data.items() if len(values) == n} for i in range(n)]

    def select(self, kernels=None, detectors=None):
        unknown = sorted(set(kernels or ()) - {c["kernel"] for c in self.campaigns})
        unknown += sorted(set(detectors or ()) - {c["detector"] for c in self.campaigns})
        self.campaigns = [c for c in self.campaigns
                          if (not kernels or c["kernel"] in kernels) and (not detectors or c["detector"] in detectors)]
        self.sweeps = [s for s in self.sweeps if not kernels or s["kernel"] in kernels]
        return unknown

    def kernels(self):
        return sorted({c["kernel"] for c in self.campaigns})

    def detectors(self):
        return sorted({c["detector"] for c in self.campaigns})

    backend_label = Run.backend_label
    date = Run.date
    subtitle = Run.subtitle


def knees_figure(run, kernel):
    """Each campaign's knee size by rank, one marker per detector (hollow: edge knees), its 95% interval."""
    cs = [c for c in run.campaigns if c["kernel"] == kernel and c["knee_status"] in ("found", "edge")]
    fig, ax = plt.subplots(figsize=(11, 5), layout="constrained")
    ax.set_yscale("log")
    for i, detector in enumerate(run.detectors()):
        ks = [c for c in cs if c["detector"] == detector]
        if not ks:
            continue
        x = np.array([c["rank"] + 0.1 * c["repeat"] for c in ks], dtype=float)
        y = np.array([c["knee_size"] for c in ks], dtype=float)
        low = np.array([c["knee_low_size"] for c in ks], dtype=float)
        high = np.array([c["knee_high_size"] for c in ks], dtype=float)
        ok = np.isfinite(low) & np.isfinite(high)
        colour = f"C{i % 10}"
        if ok.any():
            ax.errorbar(x[ok], y[ok], yerr=[np.maximum(y - low, 0)[ok], np.maximum(high - y, 0)[ok]], fmt="none",
                        ecolor=colour, elinewidth=0.6, alpha=0.5)
        edge = np.array([c["knee_status"] == "edge" for c in ks])
        ax.scatter(x, y, marker=DETECTOR_MARKERS[i % len(DETECTOR_MARKERS)], s=25, zorder=4, edgecolors=colour,
                   facecolors=[("none" if e else colour) for e in edge], label=f"{detector}: {len(ks)} knee(s)")
    ax.set_xlabel("rank (repeats side by side)")
    ax.set_ylabel("knee size")
    ax.grid(True, alpha=0.3)
    if cs:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9, title="hollow: edge knee")
    ranks = len({c["rank"] for c in run.campaigns if c["kernel"] == kernel})
    return fig, f"{kernel}: knee size per rank ({ranks} ranks), from the run's summary\n{run.subtitle()}"


def health_figure(run):
    """Per kernel: each rank's median sweep plateau over the median of its model's ranks."""
    kernels = sorted({s["kernel"] for s in run.sweeps if s["finished"]})
    model = {r["rank"]: r["model"] for r in run.ranks}
    throttled = {r["rank"] for r in run.ranks if r["throttled_points"] > 0}
    fig, axes = grid(max(1, len(kernels)), width=5.0, max_cols=3)
    for ax, kernel in zip(axes, kernels):
        plateaus = group_by([s for s in run.sweeps if s["kernel"] == kernel and s["finished"]
                             and np.isfinite(s["plateau"]) and s["plateau"] > 0], lambda s: s["rank"])
        own = {rank: float(np.median([s["plateau"] for s in ss])) for rank, ss in plateaus.items()}
        peers = group_by(own, lambda rank: model.get(rank, ""))
        reference = {m: float(np.median([own[r] for r in rs])) for m, rs in peers.items()}
        ranks = sorted(own)
        ratio = np.array([own[r] / reference[model.get(r, "")] for r in ranks])
        colours = ["red" if r in throttled else "C0" for r in ranks]
        ax.scatter(ranks, ratio, s=14, c=colours, zorder=3)
        ax.axhline(1.0, color="grey", linewidth=0.8)
        ax.axhline(0.9, color="grey", linewidth=0.8, linestyle="--")
        ax.set_title(kernel, fontsize=10)
        ax.set_xlabel("rank", fontsize=9)
        ax.set_ylabel("plateau / model median", fontsize=9)
        ax.grid(True, alpha=0.3)
    return fig, (f"GPU health: each rank's plateau against its model's ranks (red: throttled points; dashed: 90%)\n"
                 f"{run.subtitle()}")


def plain(value):
    """An HDF5 attribute value as a str, int, float or list of them."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, np.ndarray):
        return [plain(v) for v in value.tolist()] if value.ndim else plain(value[()])
    if isinstance(value, np.generic):
        return value.item()
    return value


def netcdf_dimension_only(dataset):
    """Whether the dataset is netCDF-4's dimension without a variable (its NAME says so)."""
    name = dataset.attrs.get("NAME", b"")
    return (name.decode() if isinstance(name, bytes) else str(name)).startswith(
        "This is a netCDF dimension but not a netCDF variable")


def tables(group):
    """Every group below `group` (itself included) as (path, attributes, columns): its scalar attributes
    and its 1-D datasets (strings decoded), for tables whose layout this script need not know; a table's
    `row` (row numbers that netCDF reads as a dimension only: docs/output.md) is no column."""
    out = []

    def visit(g):
        columns = {}
        for name, d in g.items():
            if isinstance(d, h5py.Dataset) and d.ndim == 1 and not netcdf_dimension_only(d):
                columns[name] = [plain(v) for v in (d.asstr()[:] if d.dtype.kind == "O" else d[:])]
        attrs = {k: plain(v) for k, v in g.attrs.items()}
        if columns or attrs:
            out.append((g.name, attrs, columns))
        for child in g.values():
            if isinstance(child, h5py.Group):
                visit(child)

    visit(group)
    return out


def group_by(items, key):
    groups = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return groups


def size_label(n):
    return f"{int(n):,}" if np.isfinite(n) else "-"


def model_colors(run):
    return {m: f"C{i % 10}" for i, m in enumerate(run.models())}


def log_scale(ax, x=True, y=True):
    """Log axes without minor ticks (they take most of the drawing time of a figure of many panels)."""
    from matplotlib.ticker import NullLocator

    if x:
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())
    if y:
        ax.set_yscale("log")
        ax.yaxis.set_minor_locator(NullLocator())


def readable_log_ticks(ax):
    """Minor ticks back, after drawing, on log axes spanning under two decades: there the major ticks are
    too few to read the axis (matplotlib labels the minor ones then)."""
    from matplotlib.ticker import LogLocator

    for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        if axis.get_scale() == "log" and 0 < low < high < 100 * low:
            axis.set_minor_locator(LogLocator(subs="auto"))


def joined(campaigns, field):
    """The curves of `field` over size of several campaigns as one line, NaN between them and in place of
    values a log axis cannot show (one artist instead of one per campaign: much faster to draw)."""
    xs, ys = [], []
    for c in campaigns:
        y = np.asarray(getattr(c, field), dtype=float)
        xs += [c.size, [np.nan]]
        ys += [np.where(np.isfinite(y) & (y > 0), y, np.nan), [np.nan]]
    return np.concatenate(xs), np.concatenate(ys)


def mark_knees(ax, campaigns, color, field="throughput", intervals=True):
    """The knees of the campaigns on ax as stars (hollow for edge knees), with their 95% intervals as
    horizontal bars when `intervals`; campaigns without a knee are left out."""
    ks = [c for c in campaigns if c.status() != "none"]
    if not ks:
        return
    x = np.array([c.knee_size for c in ks], dtype=float)
    y = np.array([getattr(c, field)[c.knee_index] for c in ks], dtype=float)
    if intervals:
        low = np.array([c.knee_interval[0] for c in ks])
        high = np.array([c.knee_interval[1] for c in ks])
        ok = np.isfinite(low) & np.isfinite(high) & np.isfinite(y)
        if ok.any():
            ax.errorbar(x[ok], y[ok], xerr=[np.maximum(x - low, 0)[ok], np.maximum(high - x, 0)[ok]], fmt="none",
                        ecolor=color, elinewidth=1, capsize=2, alpha=0.8)
    edge = np.array([c.status() == "edge" for c in ks])
    if (~edge).any():
        ax.plot(x[~edge], y[~edge], "*", linestyle="none", markersize=10, color=color, markeredgecolor="black",
                markeredgewidth=0.4)
    if edge.any():
        ax.plot(x[edge], y[edge], "*", linestyle="none", markersize=10, markerfacecolor="none", markeredgecolor=color,
                markeredgewidth=0.8)


def mark_throttled(ax, campaigns, field="throughput"):
    """Throttled points (docs/knees.md) as red crosses over the curves."""
    x = np.concatenate([c.size[c.throttled] for c in campaigns]) if campaigns else np.array([])
    if len(x):
        y = np.concatenate([np.asarray(getattr(c, field), dtype=float)[c.throttled] for c in campaigns])
        ax.plot(x, y, "x", linestyle="none", color="red", markersize=5, markeredgewidth=0.9, alpha=0.7, zorder=1.5)


def draw_curves(ax, campaigns, key, palette, title, intervals=True):
    """Throughput over size (log-log) of every campaign, coloured by palette[key(c)] (curve_colours), knees
    marked (with their intervals when `intervals`)."""
    log_scale(ax)
    for k, cs in sorted(group_by(campaigns, key).items()):
        ax.plot(*joined(cs, "throughput"), "-", color=palette[k], alpha=0.6, linewidth=0.9)
        mark_knees(ax, cs, palette[k], intervals=intervals)
    mark_throttled(ax, campaigns)
    found = sum(c.status() == "detected" for c in campaigns)
    ax.set_title(f"{title}: {found} of {len(campaigns)} knee(s)", fontsize=11)
    ax.grid(True, which="major", alpha=0.3)
    ax.tick_params(labelsize=10, which="both")
    readable_log_ticks(ax)


def model_legend(fig, run, colors, campaigns, colour=None):
    """The figure's legend: the curves' colours (`colour` handles, else one per device model), knees and
    throttled points."""
    from matplotlib.lines import Line2D

    handles = colour or [Line2D([], [], color=colors[m], label=m) for m in sorted({c.model for c in campaigns})]
    handles.append(Line2D([], [], marker="*", linestyle="none", color="grey", markeredgecolor="black",
                          markersize=9, label="knee (bar: 95% interval)"))
    if run.edge_flags:
        handles.append(Line2D([], [], marker="*", linestyle="none", markerfacecolor="none", markeredgecolor="grey",
                              markersize=9, label="edge knee"))
    if any(c.throttled.any() for c in campaigns):
        handles.append(Line2D([], [], marker="x", linestyle="none", color="red", markersize=7, label="throttled point"))
    fig.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), 4), fontsize=10)


def grid(n, width=4.2, height=3.2, max_cols=4):
    cols = max(1, min(n, max_cols))
    rows = math.ceil(n / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(max(width * cols, 7), height * rows + 1.0), squeeze=False,
                             layout="constrained")
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:n])


def overview_figure(run, colors):
    kernels = group_by(run.campaigns, lambda c: c.kernel)
    key, palette, colour = curve_colours(run.campaigns, colors)
    fig, axes = grid(len(kernels))
    for ax, (kernel, cs) in zip(axes, sorted(kernels.items())):
        draw_curves(ax, cs, key, palette, kernel, intervals=False)
        ax.set_xlabel("problem size", fontsize=10)
        ax.set_ylabel(f"throughput ({cs[0].unit})", fontsize=10)
    model_legend(fig, run, colors, run.campaigns, colour)
    return fig, f"Overview: {len(run.campaigns)} campaign(s), throughput over problem size\n{run.subtitle()}"


# Each detector's knees get their own marker in a kernel's figure (cycled beyond ten detectors).
DETECTOR_MARKERS = "o^sDvP*Xh<>"


def curve_colours(cs, colors):
    """(key, palette, handles) of a figure's curves: by rank where a device model has several ranks (four
    GPUs of one model are four colours), else by model; handles for its legend."""
    from matplotlib.lines import Line2D

    if len({c.rank for c in cs}) > len({c.model for c in cs}):
        ranks = sorted({c.rank for c in cs})
        palette = {r: f"C{i % 10}" for i, r in enumerate(ranks)}
        model = {c.rank: c.model for c in cs}
        return (lambda c: c.rank), palette, [Line2D([], [], color=palette[r], label=f"rank {r} ({model[r]})")
                                            for r in ranks]
    models = sorted({c.model for c in cs})
    return (lambda c: c.model), colors, [Line2D([], [], color=colors[m], label=m) for m in models]


def kernel_figure(run, colors, kernel):
    """One panel: each sweep's curve once (its longest campaign: the detectors of a sweep share its points),
    coloured by rank where a device model has several ranks (so four GPUs of one model are four colours),
    else by model; every detector's knees as its own marker (hollow: edge knees) with the 95% interval."""
    from matplotlib.lines import Line2D

    cs = [c for c in run.campaigns if c.kernel == kernel]
    curves = [max(s, key=lambda c: len(c.size)) for s in group_by(cs, lambda c: (c.rank, c.repeat)).values()]
    key, palette, colour = curve_colours(cs, colors)
    fig, ax = plt.subplots(figsize=(11, 6), layout="constrained")
    log_scale(ax)
    for k, group in sorted(group_by(curves, key).items()):
        ax.plot(*joined(group, "throughput"), "-", color=palette[k], alpha=0.7, linewidth=1.1)
    mark_throttled(ax, curves)
    detectors = sorted({c.detector for c in cs})
    markers = dict(zip(detectors, (DETECTOR_MARKERS * len(detectors))[:len(detectors)]))
    for detector in detectors:
        for k, ks in group_by([c for c in cs if c.detector == detector and c.status() != "none"], key).items():
            x = np.array([c.knee_size for c in ks], dtype=float)
            y = np.array([c.throughput[c.knee_index] for c in ks], dtype=float)
            low = np.array([c.knee_interval[0] for c in ks])
            high = np.array([c.knee_interval[1] for c in ks])
            ok = np.isfinite(low) & np.isfinite(high) & np.isfinite(y)
            if ok.any():
                ax.errorbar(x[ok], y[ok], xerr=[np.maximum(x - low, 0)[ok], np.maximum(high - x, 0)[ok]], fmt="none",
                            ecolor=palette[k], elinewidth=0.8, capsize=2, alpha=0.5)
            edge = np.array([c.status() == "edge" for c in ks])
            ax.scatter(x, y, marker=markers[detector], s=45, zorder=4, linewidths=0.8, edgecolors="black",
                       facecolors=[("none" if e else palette[k]) for e in edge])
    ax.set_xlabel("problem size", fontsize=12)
    ax.set_ylabel(f"throughput ({cs[0].unit})", fontsize=12)
    ax.tick_params(labelsize=11, which="both")
    ax.grid(True, which="major", alpha=0.3)
    readable_log_ticks(ax)
    shapes = [Line2D([], [], marker=markers[d], linestyle="none", color="grey", markeredgecolor="black",
                     label=f"{d}: {sum(c.status() == 'detected' for c in cs if c.detector == d)} of "
                           f"{sum(c.detector == d for c in cs)}") for d in detectors]
    extra = [Line2D([], [], marker="x", linestyle="none", color="red", label="throttled point")] \
        if any(c.throttled.any() for c in curves) else []
    ax.legend(handles=colour + shapes + extra, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=10,
              title="curves: colour; knees (found of all): marker, hollow = edge", title_fontsize=10)
    ranks = len({c.rank for c in cs})
    repeats = len({c.repeat for c in cs})
    return fig, (f"{kernel}: {ranks} rank(s) x {repeats} repeat(s), {len(detectors)} detector(s) as markers\n"
                 f"{run.subtitle()}")


def power_figure(run, colors, kernel):
    cs = [c for c in run.campaigns if c.kernel == kernel and c.has_power()]
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.2), layout="constrained")
    panels = (("power_w", "power (W)"), ("energy_j", "energy per launch (J)"),
              ("efficiency", f"work per joule ({cs[0].unit.split('/')[0]}/J)"))
    key, palette, colour = curve_colours(cs, colors)
    for ax, (field, label) in zip(axes, panels):
        log_scale(ax, y=field != "power_w")
        for k, kcs in sorted(group_by(cs, key).items()):
            ax.plot(*joined(kcs, field), ".-", color=palette[k], alpha=0.6, linewidth=0.9, markersize=3)
            mark_knees(ax, kcs, palette[k], field, intervals=False)
        mark_throttled(ax, cs, field)
        ax.set_xlabel("problem size", fontsize=10)
        ax.set_ylabel(label, fontsize=10)
        ax.grid(True, which="major", alpha=0.3)
        ax.tick_params(labelsize=10, which="both")
        readable_log_ticks(ax)
    model_legend(fig, run, colors, cs, colour)
    return fig, f"{kernel}: power and energy over problem size ({len(cs)} campaign(s))\n{run.subtitle()}"


def campaign_figure(run, kernel, rank, repeat):
    """The thesis figure of one kernel x rank x repeat: time (left, linear) and throughput (right, log),
    one colour per detector, each knee with its interval."""
    cs = [c for c in run.campaigns if (c.kernel, c.rank, c.repeat) == (kernel, rank, repeat)]
    rows = math.ceil(len(cs) / 3)  # of the legend below the axes
    fig, ax = plt.subplots(figsize=(8, 5 + 0.2 * rows))
    # Fixed margins: a layout engine would cost a quarter of the figure's time.
    fig.subplots_adjust(left=0.09, right=0.89, bottom=0.1 + 0.04 * rows, top=0.88)
    log_scale(ax, y=False)
    right = ax.twinx()
    log_scale(right, x=False)
    for i, c in enumerate(cs):
        color = f"C{i % 10}"
        ax.plot(c.size, c.time_ms, "--", color=color, linewidth=0.9, alpha=0.8)
        state = c.status()
        knee = f"knee {size_label(c.knee_size)}" + (" (edge)" if state == "edge" else "") if state != "none" \
            else "no knee" + (f" (stopped: {c.stop_reason})" if c.stop_reason != "knee" else "")
        right.plot(c.size, c.throughput, "-", color=color, linewidth=1.2, label=f"{c.detector}: {knee}")
        mark_knees(right, [c], color)
    mark_throttled(right, cs)
    ax.set_xlabel("problem size")
    ax.set_ylabel("execution time (ms, dashed)")
    right.set_ylabel(f"throughput ({cs[0].unit}, solid)")
    fig.legend(*right.get_legend_handles_labels(), loc="lower center", ncols=min(len(cs), 3), fontsize=9,
               title="detector (solid: throughput, dashed: time)", title_fontsize=9)
    readable_log_ticks(ax)
    readable_log_ticks(right)
    state = "" if all(c.complete for c in cs) else " (incomplete)"
    return fig, f"{kernel}, rank {rank} repeat {repeat}{state}\n{run.subtitle(cs[0].device_name)}"


def figure_plan(run, campaigns=False):
    """(file stem, function drawing it) of every figure, in the order they are drawn; the per-campaign
    figures only with `campaigns`."""
    if not run.campaigns:
        return []
    if isinstance(run, SummaryRun):
        return [(f"knees_{file_name_part(k)}", lambda k=k: knees_figure(run, k)) for k in run.kernels()] + \
               [("health", lambda: health_figure(run))]
    colors = model_colors(run)
    plan = [("overview", lambda: overview_figure(run, colors))]
    for kernel in run.kernels():
        plan.append((f"kernel_{file_name_part(kernel)}", lambda k=kernel: kernel_figure(run, colors, k)))
        if any(c.has_power() for c in run.campaigns if c.kernel == kernel):
            plan.append((f"power_{file_name_part(kernel)}", lambda k=kernel: power_figure(run, colors, k)))
    for kernel, rank, repeat in sorted({(c.kernel, c.rank, c.repeat) for c in run.campaigns} if campaigns else ()):
        plan.append((f"campaign_{file_name_part(kernel)}_rank{rank}_repeat{repeat}",
                     lambda k=kernel, r=rank, p=repeat: campaign_figure(run, k, r, p)))
    return plan


def file_name_part(name):
    """A name read from the file, safe as part of a file name: the rule of suite/result_file/file_name.cpp
    (bytes outside [A-Za-z0-9._+-] and a leading '.' become '_', cut to 64 bytes), so no figure leaves out_dir."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")
    out = ""
    for byte in name.encode("utf-8", "surrogateescape")[:64]:
        c = chr(byte)
        out += c if c in safe and not (not out and c == ".") else "_"
    return out or "_"


def save(fig, title, path_stem, formats):
    """Writes the figure in every format, titled (and with the title as file metadata); returns the paths."""
    fig.suptitle(title, fontsize=10)
    paths = []
    for fmt in formats:
        path = f"{path_stem}.{fmt}"
        fig.savefig(path, dpi=100, metadata={"Title": title.replace("\n", " - ")})
        paths.append(path)
    plt.close(fig)
    return paths


_WORK = None  # (plan, directory, formats) of the figures being drawn, inherited by forked workers


def draw_one(index):
    plan, directory, formats = _WORK
    stem, draw = plan[index]
    return stem, save(*draw(), os.path.join(directory, stem), formats)


def draw_all(run, out_dir, formats, campaigns=False):
    """Every figure into out_dir, all or none: drawn into a temporary directory beside them, then renamed.
    Draws in one process per available core (forked: they share the file read once). Prints progress:
    about twenty 'figure k of N' lines, whatever N."""
    global _WORK
    os.makedirs(out_dir, exist_ok=True)
    partial = tempfile.mkdtemp(prefix=".plots-partial-", dir=out_dir)
    try:
        plan = figure_plan(run, campaigns)
        _WORK = (plan, partial, formats)
        step = max(1, len(plan) // 20)
        jobs = min(len(os.sched_getaffinity(0)), len(plan), 8)
        written = []
        pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
        try:
            drawn = pool.imap_unordered(draw_one, range(len(plan))) if pool else map(draw_one, range(len(plan)))
            for k, (stem, paths) in enumerate(drawn, 1):
                written += paths
                if k % step == 0 or k == len(plan):
                    print(f"plot: figure {k} of {len(plan)} ({stem})", flush=True)
        finally:
            if pool:
                pool.terminate()
        final = [os.path.join(out_dir, os.path.basename(path)) for path in written]
        for path, target in zip(written, final):
            os.replace(path, target)
        return final
    finally:
        _WORK = None
        shutil.rmtree(partial, ignore_errors=True)


def names(value):
    return [v for v in value.split(",") if v] if value else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="an autobench-mpi HDF5 result file")
    parser.add_argument("--output", help="directory for the figures (default: plots/ next to the file)")
    parser.add_argument("--kernel", help="only these kernels (comma-separated)")
    parser.add_argument("--detector", help="only these detectors (comma-separated)")
    parser.add_argument("--format", default="png,pdf", help="comma-separated of png, pdf, svg (default png,pdf)")
    parser.add_argument("--campaigns", action="store_true",
                        help="also one figure per kernel x rank x repeat (hundreds for a full suite)")
    parser.add_argument("--summary", action="store_true",
                        help="a run written in parts: only the knees per rank and GPU health, from its /summary")
    args = parser.parse_args()
    formats = names(args.format) or []
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        sys.stderr.write(f"plot_results.py: error: --format '{args.format}': allowed are png, pdf and svg, "
                         "comma-separated\n")
        return 2
    if not os.path.isfile(args.file):
        sys.stderr.write(f"plot_results.py: error: '{args.file}' does not exist or is not a file\n")
        return 2
    try:
        run = SummaryRun(args.file) if args.summary else Run(args.file)
    except Exception as e:  # h5py raises OSError, KeyError, TypeError, ... on damaged files: all are bad input
        sys.stderr.write(f"plot_results.py: error: cannot read '{args.file}': {one_line(e)}\n")
        return 2
    kernels = run.kernels()
    detectors = run.detectors() if args.summary else sorted({c.detector for c in run.campaigns})
    unknown = run.select(names(args.kernel), names(args.detector))
    if unknown or ((args.kernel or args.detector) and not run.campaigns):
        what = ", ".join(unknown) if unknown else f"kernel {args.kernel} with detector {args.detector}"
        sys.stderr.write(f"plot_results.py: error: no campaigns of {what} in '{args.file}' "
                         f"(kernels: {', '.join(kernels)}; detectors: {', '.join(detectors)})\n")
        return 2
    out_dir = args.output or os.path.join(os.path.dirname(os.path.abspath(args.file)), "plots")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        sys.stderr.write(f"plot_results.py: error: cannot write the figures: '{out_dir}' is not a directory\n")
        return 1
    load_matplotlib()
    created = not os.path.exists(out_dir)
    try:
        written = draw_all(run, out_dir, formats, args.campaigns)
    except Exception as e:
        if created:
            shutil.rmtree(out_dir, ignore_errors=True)
        sys.stderr.write(f"plot_results.py: error: cannot write the figures in '{out_dir}': {one_line(e)}\n")
        return 1
    print(f"{len(written)} figure files ({', '.join(formats).upper()}) of {len(run.campaigns)} campaign(s) in {out_dir}")
    return 0


def one_line(error):
    """An exception as one line: its message without line breaks, or its type when it has none."""
    message = " ".join(str(error).split())
    return message or type(error).__name__


if __name__ == "__main__":
    sys.exit(main())
