"""Tidy data: `export --tidy` writes points.csv, one row per measured point (each once, whatever detectors
ran on its sweep: as many rows as the file's /sweeps hold points, every value the sweep's), with the card
(pci_bus, uuid), telemetry, structured throttling and convergence; campaigns.csv, one row per campaign with
its knee, interval, status and plateau (the file's); and tidy.csv, the two joined as before: one row per
point of every campaign whose values equal the file's (read with h5py), with the campaign's knee_status and
per point the energy counter's and the integrated power's energy and their ratio; `--parquet` writes each
table as Parquet (pyarrow); every per-point dataset carries its `units` and has `size` as its dimension scale, so
xarray (h5netcdf) opens a sweep group with size as the coordinate and strings as str (the whole run as
one tree: xarray_test.py); the pandas example of docs/tidy.md runs on the exported table (its code block
is extracted and executed)."""
import csv
import math
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import SCRATCH, campaigns, run, sim_run  # noqa: E402

import h5py  # noqa: E402  (tests/requirements.txt: missing is a failure, not a skip)
import pandas  # noqa: E402  (the docs' example; with pyarrow, reads tidy.parquet)
import xarray as xr  # noqa: E402
import h5netcdf  # noqa: E402,F401  (xarray's engine)

shutil.rmtree(SCRATCH, ignore_errors=True)
h5 = sim_run("results")
problems = []
out_dir = os.path.join(SCRATCH, "tidy")
stdout, _ = run("export", h5, "--tidy", "--output", out_dir)
TABLES = ["campaigns.csv", "points.csv", "tidy.csv"]
if sorted(os.listdir(out_dir)) != TABLES:
    problems.append(f"export --tidy wrote {os.listdir(out_dir)}, expected {TABLES}")
with open(os.path.join(out_dir, "tidy.csv"), newline="") as f:
    rows = list(csv.DictReader(f))
cs = campaigns(h5)
if f"{len(rows)} row(s) in" not in stdout or "point(s) in" not in stdout or "campaign(s) in" not in stdout:
    problems.append(f"export --tidy printed {stdout!r}, expected the row count {len(rows)}")
columns = ["rank", "host", "device", "model", "backend", "kernel", "detector", "repeat", "point", "size", "time_s",
           "throughput", "unit", "power_w", "energy_j", "efficiency", "refinement", "knee_detected", "knee_status",
           "is_knee", "knee_size", "knee_low_size", "knee_high_size", "throttled", "throttle_reason",
           "energy_counter_j", "energy_instant_j", "counter_to_integrated", "converged", "regime"]
if rows and list(rows[0]) != columns:
    problems.append(f"columns {list(rows[0])}, expected {columns}")


def number(text):
    return float(text) if text != "" else float("nan")


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-15)


by_campaign = {}
for r in rows:
    by_campaign.setdefault((r["kernel"], r["detector"], int(r["rank"]), int(r["repeat"])), []).append(r)
if len(by_campaign) != len(cs) or len(cs) != 8:
    problems.append(f"{len(by_campaign)} campaigns in the table, {len(cs)} in the file (quick suite x 2 repeats: 8)")
ratios = [number(r["counter_to_integrated"]) for r in rows if r["counter_to_integrated"]]
if not ratios or not all(0.8 < v < 1.25 for v in ratios):
    problems.append(f"the sim sensor's counter and integrated power agree within 25 % where both exist: {ratios[:10]}")
for c in cs:
    got = by_campaign.get((c["kernel"], c["detector"], int(c["rank"]), int(c["repeat"])), [])
    name = f"{c['kernel']}/{c['detector']}/rank{c['rank']}/repeat{c['repeat']}"
    if len(got) != len(c["size"]):
        problems.append(f"{name}: {len(got)} rows for {len(c['size'])} points")
        continue
    for i, r in enumerate(got):
        knee = int(c["knee_detected"]) == 1 and i == int(c["knee_index"])
        counter, instant = c["energy_counter_j"][i], c["energy_instant_j"][i]
        want = (c["device"]["hostname"], c["device"]["model"], c["metric_unit"], i, c["size"][i], c["time_mean_s"][i],
                c["throughput"][i], c["energy_j"][i], "1" if knee else "0", c["knee_status"], counter, instant,
                counter / instant if counter > 0 and instant > 0 else float("nan"), c["regime"])
        have = (r["host"], r["model"], r["unit"], int(r["point"]), number(r["size"]), number(r["time_s"]),
                number(r["throughput"]), number(r["energy_j"]), r["is_knee"], r["knee_status"],
                number(r["energy_counter_j"]), number(r["energy_instant_j"]), number(r["counter_to_integrated"]),
                r["regime"])
        if any(not (same(a, b) if isinstance(a, float) else a == b) for a, b in zip(want, have)):
            problems.append(f"{name} point {i}: {have}, expected {want}")

# Parquet (pyarrow: tests/requirements.txt): the same table, text as strings, an empty field as null.
parquet_dir = os.path.join(SCRATCH, "parquet")
stdout, _ = run("export", h5, "--tidy", "--parquet", "--output", parquet_dir)
PARQUET = sorted(TABLES + [t.replace(".csv", ".parquet") for t in TABLES])
if sorted(os.listdir(parquet_dir)) != PARQUET or f"{len(rows)} row(s) in" not in stdout:
    problems.append(f"export --tidy --parquet wrote {os.listdir(parquet_dir)} and printed {stdout!r}")
else:
    frame = pandas.read_parquet(os.path.join(parquet_dir, "tidy.parquet"))
    if list(frame.columns) != columns or len(frame) != len(rows):
        problems.append(f"tidy.parquet: {len(frame)} rows of {list(frame.columns)}")
    elif list(frame["kernel"]) != [r["kernel"] for r in rows] or \
            not all(same(a, number(b)) for a, b in zip(frame["throughput"], (r["throughput"] for r in rows))):
        problems.append("tidy.parquet holds other values than tidy.csv")
    elif not pandas.api.types.is_string_dtype(frame["knee_status"]) or frame["size"].dtype.kind not in "iu":
        problems.append(f"tidy.parquet types: knee_status {frame['knee_status'].dtype}, size {frame['size'].dtype}")
    for name in ("points", "campaigns"):
        frame, table = (pandas.read_parquet(os.path.join(parquet_dir, f"{name}.parquet")),
                        pandas.read_csv(os.path.join(out_dir, f"{name}.csv")))
        if list(frame.columns) != list(table.columns) or len(frame) != len(table) or \
                not pandas.api.types.is_string_dtype(frame["uuid"]) or frame["rank"].dtype.kind not in "iu":
            problems.append(f"{name}.parquet: {len(frame)} rows of {dict(frame.dtypes)}, {name}.csv {len(table)}")
p = subprocess.run([os.environ["AUTOBENCH_BINARY"], "export", h5, "--parquet"], capture_output=True, text=True)
if p.returncode != 2 or "give --tidy too" not in p.stderr:
    problems.append(f"export --parquet without --tidy: exit {p.returncode}: {p.stderr}")

# points.csv: each point of each sweep once, with the sweep's values; campaigns.csv: each campaign once.
points = pandas.read_csv(os.path.join(out_dir, "points.csv"), keep_default_na=False)
table = pandas.read_csv(os.path.join(out_dir, "campaigns.csv"))
point_columns = ["rank", "host", "pci_bus", "uuid", "device", "model", "backend", "kernel", "repeat", "sweep", "point",
                 "size", "refinement", "time_s", "time_median_s", "time_min_s", "time_stddev_s", "throughput", "unit",
                 "power_w", "energy_j", "efficiency", "temperature_c", "sm_clock_mhz", "mem_clock_mhz", "throttled",
                 "throttle_reasons", "clock_fell", "sweep_sm_clock_mhz", "noise", "launches", "capped"]
if list(points.columns) != point_columns:
    problems.append(f"points.csv columns {list(points.columns)}, expected {point_columns}")
with h5py.File(h5, "r") as f:
    sweeps = {(int(r[4:]), name): g for r, rank in f["sweeps"].items() for name, g in rank.items()}
    stored = sum(len(g["size"]) for g in sweeps.values())
    if len(points) != stored or len(points) >= len(rows):
        problems.append(f"points.csv has {len(points)} rows; the file's sweeps hold {stored} points, tidy.csv {len(rows)}")
    for (rank, name), g in sweeps.items():
        mine = points[(points["rank"] == rank) & (points["sweep"] == name)]
        device = f[f"devices/rank{rank}"].attrs
        if mine["size"].tolist() != g["size"][:].tolist() or \
                not all(same(a, b) for a, b in zip(mine["time_s"], g["time_mean_s"][:])) or \
                mine["launches"].tolist() != g["iterations"][:].tolist() or \
                set(mine["uuid"]) != {device["uuid"]} or set(mine["pci_bus"]) != {device["pci_bus_id"]}:
            problems.append(f"points.csv rank {rank} sweep {name}: not the file's sizes, times, launches or card")
    if points.duplicated(["rank", "kernel", "repeat", "sweep", "point"]).any():
        problems.append("points.csv repeats a point")
    if len(table) != len(cs) or table.duplicated(["rank", "kernel", "detector", "repeat"]).any():
        problems.append(f"campaigns.csv has {len(table)} rows for {len(cs)} campaigns")
    for c in cs:
        row = table[(table["rank"] == int(c["rank"])) & (table["kernel"] == c["kernel"]) &
                    (table["detector"] == c["detector"]) & (table["repeat"] == int(c["repeat"]))]
        if len(row) != 1 or row["knee_status"].iloc[0] != c["knee_status"] or \
                not same(float(row["plateau"].iloc[0]), float(c["plateau"])) or \
                f"/sweeps/rank{c['rank']}/{row['sweep'].iloc[0]}" != c["sweep"]:
            problems.append(f"campaigns.csv: {c['kernel']}/{c['detector']}/rank{c['rank']}/repeat{c['repeat']}: "
                            f"{row.to_dict('records')}, expected status {c['knee_status']}, plateau {c['plateau']}")
    if not set(table["regime"]) <= {"single", "cache", "memory"}:
        problems.append(f"campaigns.csv regimes {set(table['regime'])}, expected single, cache or memory")

# HDF5: units, size the dimension scale, strings as variable-length UTF-8.
units = {"size": "1", "time_mean_s": "s", "power_w": "W", "energy_j": "J", "sm_clock_mhz": "MHz",
         "temperature_c": "degC", "iterations": "1", "launch_times_s": "s"}
with h5py.File(h5, "r") as f:
    kernel = next(iter(f["campaigns"]))
    detector = next(iter(f["campaigns"][kernel]))
    campaign = f[f"campaigns/{kernel}/{detector}/rank0/repeat0"]
    metric = campaign.attrs["metric_unit"]
    path = campaign.attrs["sweep"].lstrip("/")  # schema 2: the per-point columns are the sweep's
    g = f[path]
    sweep_sizes = g["size"][:].tolist()
    if not isinstance(metric, str) or not isinstance(campaign.attrs["kernel"], str):
        problems.append(f"string attributes come back as {type(metric).__name__}, not str")
    for name, unit in {**units, "throughput": metric, "efficiency": metric.split("/")[0] + "/J"}.items():
        if g[name].attrs.get("units") != unit:
            problems.append(f"{path}/{name}: units {g[name].attrs.get('units')!r}, expected {unit!r}")
    if "units" in g["tunables"].attrs:
        problems.append(f"{path}/tunables (text) has units {g['tunables'].attrs['units']!r}")
    if h5py.check_string_dtype(g["tunables"].dtype).encoding != "utf-8":
        problems.append(f"{path}/tunables is not UTF-8: {g['tunables'].dtype}")
    if not g["size"].is_scale:
        problems.append(f"{path}/size is not a dimension scale")
    for name, d in g.items():
        if name in ("size", "launch_times_s"):
            continue
        scales = list(d.dims[0].values())
        if scales != [g["size"]]:
            problems.append(f"{path}/{name}: dimension scales {[s.name for s in scales]}, expected its size")

# xarray opens the sweep group with size as its coordinate, units and strings decoded; h5netcdf does not
# follow external links, so a run written in parts is opened at its rank's part (docs/output.md).
with h5py.File(h5) as f:
    link = f.get("/".join(path.split("/")[:2]), getlink=True)
    source = os.path.join(os.path.dirname(h5), link.filename) if isinstance(link, h5py.ExternalLink) else h5
ds = xr.open_dataset(source, engine="h5netcdf", group=path)
if list(ds.throughput.dims) != ["size"] or "size" not in ds.coords:
    problems.append(f"xarray: throughput has dims {ds.throughput.dims}, coords {list(ds.coords)}")
else:
    if ds["size"].values.tolist() != sweep_sizes:
        problems.append(f"xarray: size coordinate {ds['size'].values[:5]}, expected {sweep_sizes[:5]}")
if ds.throughput.attrs.get("units") != metric or ds.time_mean_s.attrs.get("units") != "s":
    problems.append(f"xarray: units {ds.throughput.attrs.get('units')!r}, {ds.time_mean_s.attrs.get('units')!r}")
if not isinstance(ds.attrs.get("kernel"), str) or not all(isinstance(t, str) for t in ds.tunables.values.tolist()):
    problems.append(f"xarray: kernel attribute {ds.attrs.get('kernel')!r}, tunables {ds.tunables.values[:2]!r}")
ds.close()

# docs/tidy.md's pandas example, run where the table is.
docs = open(os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "docs", "tidy.md")).read()
blocks = [b for b in re.findall(r"```python\n(.*?)```", docs, re.DOTALL) if "pd.read_csv" in b]
plateau = [b for b in blocks if "plateau" in b]
if len(blocks) != 2 or len(plateau) != 1 or len(plateau[0].strip().splitlines()) > 3:
    problems.append(f"docs/tidy.md: expected two pandas examples, the plateau one of at most 2 lines after the "
                    f"import, found {blocks}")
else:
    p = subprocess.run([sys.executable, "-c", next(b for b in blocks if b not in plateau)], cwd=out_dir,
                       capture_output=True, text=True)
    knees = {(c["kernel"], c["device"]["model"], c["detector"]) for c in cs if c["knee_status"] == "found"}
    if p.returncode != 0 or any(k not in p.stdout or m not in p.stdout for k, m, _ in knees):
        problems.append(f"the pandas example failed or printed no knees (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    p = subprocess.run([sys.executable, "-c", plateau[0] + "\nprint(plateau.to_csv())"], cwd=out_dir,
                       capture_output=True, text=True)
    printed = {tuple(line.split(",")[:2]): float(line.split(",")[2]) for line in p.stdout.splitlines()[1:] if line}
    want = {}
    for c in cs:
        want.setdefault((str(c["rank"]), c["kernel"]), []).append(float(c["plateau"]))
    if p.returncode != 0 or set(printed) != set(want) or \
            any(not same(printed[k], float(pandas.Series(v).median())) for k, v in want.items()):
        problems.append(f"the plateau example (exit {p.returncode}) printed {printed}, expected the medians of "
                        f"{want}:\n{p.stderr}")

for problem in problems:
    print("FAIL:", problem)
print(f"{len(rows)} rows of {len(cs)} campaigns checked")
sys.exit(1 if problems else 0)
