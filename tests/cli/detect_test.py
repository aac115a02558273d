"""`detect` driven through the real binary: (a) a CSV curve with a known knee, on the points and on the default
spline, kneedle on the points checked against Python kneed 0.9.0 where it is installed, detector knobs (numbers
and choices, as `list` shows them) changing knees; (b) a sim results file, whose recorded knees the re-analysis reproduces;
(c) bad input: exit 2 and one line naming the file, line and value, or the allowed values."""
import json
import math
import os
import shutil
import subprocess
import sys

import h5py

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import copy_results  # noqa: E402  (a copy of a run's file that stands alone)

BINARY = os.environ["AUTOBENCH_BINARY"]
SCRATCH = os.environ.get("AUTOBENCH_SCRATCH") or "/tmp/autobench-detect-test"
shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []


def run(*args, expect=0):
    p = subprocess.run([BINARY, *args], capture_output=True, text=True)
    if p.returncode != expect:
        sys.exit(f"FAIL: autobench-mpi {' '.join(args)}: exit {p.returncode}, expected {expect}\n{p.stdout}{p.stderr}")
    return p.stdout, p.stderr


def detect_json(*args):
    out, _ = run("detect", *args, "--format", "json")
    return json.loads(out)


def write(name, text):
    path = os.path.join(SCRATCH, name)
    with open(path, "w") as f:
        f.write(text)
    return path


# (a) A roofline in log size: rises straight in log10(size) to its corner at index KNEE, flat after. Sizes
# grow by 1.1 as a sweep's do.
N, KNEE = 40, 20
sizes = [round(4096 * 1.1**k) for k in range(N)]
lx = [math.log10(s) for s in sizes]
through = [50 + 950 * min(1.0, (lx[k] - lx[0]) / (lx[KNEE] - lx[0])) for k in range(N)]
csv = write("roofline.csv", "size,time_ms,throughput\n" +
            "".join(f"{s},{s / t * 1e-6!r},{t!r}\n" for s, t in zip(sizes, through)))

report = detect_json("--input", csv, "--smoothing", "none")
curve = report["curves"][0]
detectors = [r["detector"] for r in curve["results"]]
if report["kind"] != "csv" or curve["x"] != "size" or curve["y"] != "throughput" or curve["points"] != N:
    problems.append(f"CSV curve described as {report['kind']} {curve['x']} {curve['y']} {curve['points']}")
if detectors != sorted(detectors) or len(detectors) < 7:
    problems.append(f"default detectors {detectors}: expected every registered one, sorted")
for r in curve["results"]:
    if r["detector"] == "fitted":  # a latency-bandwidth fit does not follow a ramp straight in log size
        if r["knee_index"] is None or abs(r["knee_index"] - KNEE) > 3:
            problems.append(f"fitted: knee {r['knee_index']} on the roofline, more than 3 from its corner {KNEE}")
        continue
    if r["knee_index"] != KNEE:
        problems.append(f"{r['detector']}: knee {r['knee_index']} on the roofline, its corner is {KNEE}")
        continue
    if r["knee_x"] != sizes[KNEE] or not math.isclose(r["knee_y"], through[KNEE], rel_tol=1e-15):
        problems.append(f"{r['detector']}: knee at ({r['knee_x']}, {r['knee_y']}), expected the corner's values")
    if KNEE not in r["all_knees"] or r["x_scale"] != "log":
        problems.append(f"{r['detector']}: all_knees {r['all_knees']}, x_scale {r['x_scale']}")
    plateau = 1000.0  # the median of the top max(3, n/5) values: all on the flat part
    if not math.isclose(r["plateau_fraction"], through[KNEE] / plateau, rel_tol=1e-12):
        problems.append(f"{r['detector']}: plateau_fraction {r['plateau_fraction']}")
    if not math.isclose(r["knee_position"], (lx[KNEE] - lx[0]) / (lx[-1] - lx[0]), rel_tol=1e-12):
        problems.append(f"{r['detector']}: knee_position {r['knee_position']}")

# By default the detectors run on a spline of the curve: kneedle and triangle still find the corner.
spline = detect_json("--input", csv, "--detector", "kneedle,triangle")["curves"][0]
if spline["settings"]["smoothing"] != "spline" or spline["settings"]["spline_knots"] != "auto":
    problems.append(f"default smoothing: {spline['settings']}")
for r in spline["results"]:
    if r["knee_index"] is None or abs(r["knee_index"] - KNEE) > 1:
        problems.append(f"{r['detector']} on the spline: knee {r['knee_index']}, the roofline's corner is {KNEE}")

# A straight line has no knee: every knee field is null (triangle, with a distance threshold).
line = write("line.csv", "size,throughput\n" + "".join(f"{k},{2 * k}\n" for k in range(1, 11)))
r = detect_json("--input", line, "--detector", "triangle", "--x-scale", "linear",
                "--distance-threshold", "0.01")["curves"][0]["results"]
if len(r) != 1 or any(r[0][k] is not None for k in ("knee_index", "knee_x", "knee_y", "plateau_fraction",
                                                     "knee_position", "score")) or r[0]["all_knees"] != []:
    problems.append(f"no knee on a line expected, got {r}")

# A detector's choice knobs change its knee: corners at 15 and 45 of 60 in log size (flat between 15 and 30).
# Online kneedle reports the later corner, offline (--offline is kneedle.online=false) the first; multiknee
# on the L-method splits at 16 (one past the first corner), then at 15.
corners = [(0, 10.0), (15, 500.0), (30, 500.0), (45, 1000.0)]
steps = [round(4096 * 1.1**k) for k in range(60)]
def piecewise(i):  # straight in log size between the corners (tests/detect/curves.hpp: log_piecewise)
    seg = 0
    while seg + 1 < len(corners) and corners[seg + 1][0] < i:
        seg += 1
    if seg + 1 == len(corners):
        return corners[-1][1]
    (i0, y0), (i1, y1) = corners[seg], corners[seg + 1]
    return y0 + (y1 - y0) * math.log10(steps[i] / steps[i0]) / math.log10(steps[i1] / steps[i0])
two_steps = write("two_steps.csv", "size,throughput\n" + "".join(f"{x},{piecewise(i)!r}\n" for i, x in enumerate(steps)))
def knees(*args):
    (c,) = detect_json("--input", two_steps, "--smoothing", "none", *args)["curves"]
    return c["settings"], {r["detector"]: (r["knee_index"], r["all_knees"]) for r in c["results"]}
for args, want_params, want in [
        ([], {}, {"kneedle": 45, "multiknee": [15, 45]}),
        (["--detector-param", "kneedle.online=false"], {"kneedle.online": "false"}, {"kneedle": 15}),
        (["--offline"], {"kneedle.online": "false"}, {"kneedle": 15}),
        (["--detector-param", "multiknee.base=lmethod"], {"multiknee.base": "lmethod"}, {"multiknee": [15, 16, 45]}),
        (["--detector-param", "kneedle.online=false,hybrid.proposer=lmethod"],
         {"kneedle.online": "false", "hybrid.proposer": "lmethod"}, {"hybrid": 16})]:
    settings, found = knees("--detector", "kneedle,multiknee,hybrid", *args)
    got = {d: found[d][1] if isinstance(k, list) else found[d][0] for d, k in want.items()}
    if got != want or settings["detector_params"] != want_params or settings["online"] != (want_params.get("kneedle.online") != "false"):
        problems.append(f"{' '.join(args) or 'defaults'} on two steps: {got} (expected {want}), settings {settings}")

# `list` shows each declared knob with its default and its range or its choices.
listing, _ = run("list")
for line in ["    kneedle.interp = interp1d in {interp1d, polynomial}: ",
             "    kneedle.online = true in {true, false}: ",
             "    hybrid.proposer = kneedle in {dfdt, fitted, kneedle, lmethod, menger, multiknee, triangle}: ",
             "    multiknee.min_segment = 4 in [3, 1000] whole: "]:
    if line not in listing:
        problems.append(f"`list` lacks '{line}':\n{listing}")

# The table names the file, the columns and every detector.
table, _ = run("detect", "--input", csv)
for part in ["roofline.csv", "x: size, y: throughput", "kneedle", "of plateau", str(sizes[KNEE]),
             "on a spline (interior knots: one per 0.6 decade, 3 to 8)"]:
    if part not in table:
        problems.append(f"table lacks '{part}':\n{table}")

# Kneedle on the points (--smoothing none) against kneed on noisy saturating curves, in both x-scales, online
# and offline, two S.
try:
    import numpy as np
    from kneed import KneeLocator
except ImportError:
    print("skipped the kneed comparison: python3 cannot import kneed and numpy "
          "(scripts/install-deps.sh --tests installs kneed 0.9.0)")
    KneeLocator = None
if KneeLocator is not None:
    rng = np.random.default_rng(5)
    compared = 0
    for case in range(6):
        half = sizes[8 + 4 * case]
        y = [1000 * s / (s + half) * (1 + 0.01 * rng.standard_normal()) for s in sizes]
        path = write(f"saturating{case}.csv", "problem_size,throughput_GB/s\n" +
                     "".join(f"{s},{v!r}\n" for s, v in zip(sizes, y)))
        for scale in ("log", "linear"):
            for online in (True, False):
                for s in (1.0, 2.5):
                    x = np.log10(sizes) if scale == "log" else np.array(sizes, dtype=float)
                    kl = KneeLocator(x, y, S=s, curve="concave", direction="increasing", online=online)
                    want = None if kl.knee is None else int(np.flatnonzero(x == kl.knee)[0])
                    want_all = sorted(int(np.flatnonzero(x == k)[0]) for k in kl.all_knees)
                    got = detect_json("--input", path, "--detector", "kneedle", "--x-scale", scale,
                                      "--online" if online else "--offline", "--sensitivity", str(s),
                                      "--smoothing", "none")
                    g = got["curves"][0]["results"][0]
                    compared += 1
                    if g["knee_index"] != want or g["all_knees"] != want_all:
                        problems.append(f"{path} x-scale {scale} online {online} S {s}: kneedle "
                                        f"{g['knee_index']} {g['all_knees']}, kneed {want} {want_all}")
    from importlib.metadata import version
    print(f"kneedle compared with kneed {version('kneed')} on {compared} curve settings")

# (b) Sim results files: replaying each campaign's sweep with the settings stored in the file gives the
# knee its detector recorded; the thesis settings, and refinement with noise-aware safeguards, Kneedle
# offline in linear x for every detector.
def check_results_file(name, *settings):
    out, _ = run("--backend", "sim", "--suite", "quick", "--repeats", "2", "--output", os.path.join(SCRATCH, name),
                 "-q", *settings)
    h5 = out.strip().splitlines()[-1]
    recorded, _ = run("report", h5, "--format", "json")
    campaigns = {(c["rank"], c["kernel"], c["detector"], c["repeat"]): c for c in json.loads(recorded)["campaigns"]}
    report = detect_json("--input", h5)
    if report["kind"] != "hdf5" or report["backend"] != "sim":
        problems.append(f"results file described as {report['kind']}, backend {report['backend']}")
    seen = set()
    for c in report["curves"]:
        key = (c["campaign"]["rank"], c["campaign"]["kernel"], c["campaign"]["detector"], c["campaign"]["repeat"])
        seen.add(key)
        want = campaigns[key]
        recorded_knee = want["knee_index"] if want["knee_detected"] else None
        own = [r for r in c["results"] if r["detector"] == key[2]]
        if c["recorded_knee_index"] != recorded_knee or len(own) != 1 or own[0]["knee_index"] != recorded_knee:
            problems.append(f"{name} {key}: re-analysed knee {own and own[0]['knee_index']}, recorded {recorded_knee}")
        if c["points"] != want["points"] or c["settings"]["replay"] is None or c["error"] is not None:
            problems.append(f"{name} {key}: {c['points']} points (file: {want['points']}), settings {c['settings']}")
        if [r["detector"] for r in c["results"]] != detectors:
            problems.append(f"{name} {key}: detectors {[r['detector'] for r in c['results']]}")
    if seen != set(campaigns):
        problems.append(f"{name}: campaigns analysed {sorted(seen)}, in the file {sorted(campaigns)}")
    print(f"re-analysed {len(seen)} campaigns of {h5} ({' '.join(settings) or 'thesis settings'})")
    return h5, report, len(campaigns)


h5, _, count = check_results_file("run")
refined_h5, refined, _ = check_results_file("refined", "--sweep", "adaptive", "--refine-precision", "0.05", "--safeguards",
                                   "noise-aware", "--offline", "--x-scale", "linear", "--detectors", ",".join(detectors))
settings = refined["curves"][0]["settings"]
if settings["x_scale"] != "linear" or settings["online"] or settings["replay"]["safeguards"] != "noise-aware":
    problems.append(f"the run's settings were not applied: {settings}")

# --offline is stored as kneedle.online=false; a results file from before, whose settings hold "online": false,
# reads the same, and kneedle finds the same knees in it.
old_h5 = os.path.join(SCRATCH, "old-online.h5")
copy_results(refined_h5, old_h5)
with h5py.File(old_h5, "r+") as f:
    stored = json.loads(f.attrs["settings"])
    if stored["detector_params"] != {"kneedle.online": "false"} or "online" in stored:
        problems.append(f"--offline stored as {stored['detector_params']}, online key {stored.get('online')}")
    stored["online"] = False
    stored["detector_params"] = {}
    f.attrs["settings"] = json.dumps(stored)
old = detect_json("--input", old_h5, "--detector", "kneedle")
new = detect_json("--input", refined_h5, "--detector", "kneedle")
if [c["settings"]["online"] for c in old["curves"]] != [False] * len(new["curves"]) or \
        [c["results"] for c in old["curves"]] != [c["results"] for c in new["curves"]]:
    problems.append("a results file with the older \"online\": false is not read as kneedle.online=false")

whole = detect_json("--input", h5, "--whole-curve", "--detector", "triangle")
for c in whole["curves"]:
    r = c["results"][0]
    if c["settings"]["replay"] is not None or r["points_seen"] != c["points"]:
        problems.append(f"--whole-curve: {c['campaign']} saw {r['points_seen']} of {c['points']} points")
table, _ = run("detect", "--input", h5, "--detector", "kneedle,triangle")
for part in [f"results file, {count} campaigns", "backend: sim", "run's knee", "sweep replayed"]:
    if part not in table:
        problems.append(f"results table lacks '{part}':\n{table}")

# (c) Bad input: exit 2, one line on stderr, naming the value.
bad = {
    "empty.csv": "",
    "nocol.csv": "size,gflops,time\n1,2,3\n",
    "text.csv": "size,throughput\n1,10\n2,20\n4,fast\n8,40\n16,41\n",
    "short.csv": "size,throughput\n1,10\n2,20\n4,30\n",
    "back.csv": "size,throughput\n1,10\n2,20\n4,30\n3,40\n16,41\n",
    "zero.csv": "size,throughput\n0,10\n2,20\n4,30\n8,40\n16,41\n",
}
paths = {name: write(name, text) for name, text in bad.items()}
paths["broken.h5"] = os.path.join(SCRATCH, "broken.h5")
with open(paths["broken.h5"], "wb") as f:
    f.write(b"\x89HDF\r\n\x1a\n" + b"x" * 40)  # the HDF5 signature, then nothing valid
allowed = ", ".join(detectors)
cases = [
    (["--input", os.path.join(SCRATCH, "missing.csv")], f"detect: {SCRATCH}/missing.csv: no such file"),
    (["--input", paths["empty.csv"]],
     f"detect: {paths['empty.csv']}: line 1: the file is empty (expected a header row, then one row per size)"),
    (["--input", paths["nocol.csv"], "--y-col", "throughput"],
     f"detect: {paths['nocol.csv']}: line 1: no column 'throughput' (columns: size, gflops, time)"),
    (["--input", paths["text.csv"]], f"detect: {paths['text.csv']}: line 4: throughput 'fast' is not a number"),
    (["--input", paths["short.csv"]],
     f"detect: {paths['short.csv']}: line 4: the curve has 3 points, at least 5 are needed"),
    (["--input", paths["back.csv"]],
     f"detect: {paths['back.csv']}: line 5: size '3' does not exceed '4' on line 4 (size must strictly increase)"),
    (["--input", paths["zero.csv"]],
     f"detect: {paths['zero.csv']}: line 2: size '0' is not positive (a log x-scale needs size > 0)"),
    (["--input", paths["broken.h5"]], f"detect: {paths['broken.h5']}: cannot open as an HDF5 file"),
    (["--input", csv, "--detector", "elbow"], f"detect: unknown detector 'elbow' (allowed: {allowed})"),
    (["--input", csv, "--x-scale", "cubic"], "detect: --x-scale: unknown x-scale 'cubic' (allowed: linear, log)"),
    (["--input", csv, "--smoothing", "loess"],
     "detect: --smoothing: unknown smoothing 'loess' (allowed: none, spline, saturating)"),
    (["--input", csv, "--spline-knots", "0"], "--spline-knots: 0 is not allowed: must be a whole number in [1, 100]"),
    (["--input", csv, "--sensitivity", "0"], "--sensitivity: 0 is not allowed: must be a finite number in (0, 100]"),
    (["--input", csv, "--distance-threshold", "inf"],
     "--distance-threshold: inf is not allowed: must be a finite number in [0, 1]"),
    (["--input", h5, "--x-col", "size"], f"detect: --x-col and --y-col choose CSV columns, but {h5} is an HDF5 "
                                         "results file"),
    (["--input", csv, "--online", "--offline"], "--online excludes --offline"),
    (["--input", csv, "--format", "xml"], "--format"),
]
try:
    import h5py
    foreign = os.path.join(SCRATCH, "foreign.h5")
    with h5py.File(foreign, "w") as f:
        f["x"] = [1, 2, 3]
    cases.append((["--input", foreign],
                  f"detect: {foreign} is not an autobench results file (no schema_version attribute)"))
except ImportError:
    print("skipped the foreign HDF5 file case: python3 has no h5py")
for args, message in cases:
    p = subprocess.run([BINARY, "detect", *args], capture_output=True, text=True)
    lines = p.stderr.splitlines()
    if p.returncode != 2 or len(lines) != 1 or message not in lines[0]:
        problems.append(f"detect {' '.join(args)}: exit {p.returncode}, stderr {p.stderr!r}; expected exit 2 and "
                        f"one line with {message!r}")
    elif p.stdout:
        problems.append(f"detect {' '.join(args)}: printed {p.stdout!r} besides the error")
# zero.csv is fine in linear x.
run("detect", "--input", paths["zero.csv"], "--x-scale", "linear", "--detector", "triangle")

if problems:
    print("\n".join(f"FAIL: {p}" for p in problems))
    sys.exit(1)
print("ok: detect on CSV, on a results file, and on bad input")
