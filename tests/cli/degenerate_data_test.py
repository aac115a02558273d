"""Degenerate data gives an honest answer, never a made-up figure: `detect --spline-knots 100` on 10^6 points
stays bounded in memory and time; a curve without a bend has no knee; a curve of values near 1e-300 or
1e300 has the knees of the same curve near 1; `model predict` refuses a model file
with a NaN coefficient or a term naming a parameter it lacks (one line naming the problem, no crash), refuses
a parameter named twice, and warns "extrapolation" far outside the fitted range; `evaluate` on a dataset of
one kernel gives leave-one-kernel-out n/a (nothing to train on), not a number."""
import glob
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

import h5py  # tests/requirements.txt: missing is a failure, not a skip

BIN = os.environ["AUTOBENCH_BINARY"]
SCRATCH = os.environ.get("AUTOBENCH_SCRATCH") or "/tmp/autobench-degenerate-data-test"
shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []


def run(args, limit_s=300):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=limit_s)


# 1. A million points with 100 knots: bounded memory and time (the fit is made on at most 10,000 points).
big = os.path.join(SCRATCH, "million.csv")
with open(big, "w") as f:
    f.write("size,throughput\n")
    for i in range(1, 1_000_001):
        f.write(f"{i},{min(i, 300_000) + (i % 7)}\n")
start = time.monotonic()
p = run(["detect", "--input", big, "--detector", "triangle", "--spline-knots", "100"], limit_s=120)
took = time.monotonic() - start
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
if p.returncode != 0:
    problems.append(f"detect --spline-knots 100 on 10^6 points: exit {p.returncode}: {p.stderr.strip()[:300]}")
if took > 30 or peak_mb > 1500:
    problems.append(f"detect --spline-knots 100 on 10^6 points took {took:.1f} s and {peak_mb:.0f} MB "
                    "(bounded: under 30 s and 1500 MB)")
print(f"detect --spline-knots 100 on 10^6 points: {took:.1f} s, peak {peak_mb:.0f} MB")

# 2. Curves without a bend: a straight line in linear x and a constant, on the points and on the spline.
line = os.path.join(SCRATCH, "line.csv")
with open(line, "w") as f:
    f.write("size,throughput\n" + "".join(f"{s},{3 * s + 7}\n" for s in range(1, 41)))
flat = os.path.join(SCRATCH, "flat.csv")
with open(flat, "w") as f:
    f.write("size,throughput\n" + "".join(f"{2 ** s},5\n" for s in range(1, 31)))
for path, scale in ((line, "linear"), (flat, "log"), (flat, "linear")):
    for smoothing in ("none", "spline"):
        p = run(["detect", "--input", path, "--x-scale", scale, "--smoothing", smoothing, "--format", "json"])
        if p.returncode != 0:
            problems.append(f"detect {os.path.basename(path)} --x-scale {scale}: exit {p.returncode}: {p.stderr}")
            continue
        for curve in json.loads(p.stdout)["curves"]:
            for d in curve["results"]:
                if d["knee_index"] is not None:
                    problems.append(f"{os.path.basename(path)} (no bend) --x-scale {scale} --smoothing {smoothing}: "
                                    f"{d['detector']} reports a knee at index {d['knee_index']}")

# 2b. Values of any magnitude: the same bend at 1, 1e-300 and 1e300 gives every detector the same knee,
# with finite figures (a spline of values near 1e300 overflowed; `fitted` found another knee near 1e-300).
knees = {}
for scale in (1.0, 1e-300, 1e300):
    path = os.path.join(SCRATCH, f"scaled-{scale:g}.csv")
    with open(path, "w") as f:
        f.write("size,throughput\n" + "".join(f"{2 ** s},{min(2 ** s, 2 ** 20) / 2 ** 20 * scale!r}\n"
                                              for s in range(5, 35)))
    p = run(["detect", "--input", path, "--format", "json"])
    if p.returncode != 0 or "nan" in p.stdout.lower() or "inf" in p.stdout.lower():
        problems.append(f"detect at magnitude {scale:g}: exit {p.returncode}: {p.stderr.strip()[:300]}")
        continue
    results = json.loads(p.stdout)["curves"][0]["results"]
    knees[scale] = {d["detector"]: d["knee_index"] for d in results}
    table = run(["detect", "--input", path])
    if table.returncode != 0 or (scale != 1.0 and f"e{'+' if scale > 1 else '-'}300" not in table.stdout):
        problems.append(f"detect's table at magnitude {scale:g} does not show it:\n{table.stdout}{table.stderr}")
for scale, found in knees.items():
    if found != knees.get(1.0):
        problems.append(f"knees at magnitude {scale:g}: {found}, at 1: {knees.get(1.0)}")

# 3. Model files: a good one, then damaged copies.
models = os.path.join(SCRATCH, "models")
p = run(["model", "--kernel", "gemm", "--backend", "sim", "--sim-device", "H100 SXM", "--samples", "30", "--test", "5",
         "--output", models])
if p.returncode != 0:
    sys.exit(f"FAIL: model: exit {p.returncode}: {p.stderr}")
(GOOD,) = glob.glob(os.path.join(models, "*", "model.h5"))
with h5py.File(GOOD, "r") as f:
    names = list(f["parameters"].keys())
    row = {n: float(f["training"][n][0]) for n in names}
    parameters = len(names)
config = ",".join(f"{n}={v:g}" for n, v in row.items())
p = run(["model", "predict", GOOD, "--config", config])
if p.returncode != 0 or "predicted time" not in p.stdout or "extrapolation" in p.stderr:
    problems.append(f"predict at a training point: exit {p.returncode}: {p.stdout}{p.stderr}")


def damaged(name, change):
    path = os.path.join(SCRATCH, f"{name}.h5")
    shutil.copy(GOOD, path)
    with h5py.File(path, "r+") as f:
        change(f["model"])
    return path


def nan_coefficient(g):
    c = g["coefficients"][:]
    c[0] = float("nan")
    g["coefficients"][...] = c


def term_out_of_range(g):
    t = g["term_first"][:]
    t[0] = parameters + 5
    g["term_first"][...] = t


for what, path, message in (("a NaN coefficient", damaged("nan", nan_coefficient), "coefficients[0] is not a finite number"),
                            ("a term index out of range", damaged("term", term_out_of_range),
                             f"names parameter {parameters + 5}")):
    for args in (["model", "predict", path, "--config", config], ["report", path]):
        p = run(args)
        lines = p.stderr.strip().splitlines()
        if p.returncode != 2 or len(lines) != 1 or message not in p.stderr or "nan s" in p.stdout:
            problems.append(f"{args[0]} {args[1]} with {what}: exit {p.returncode}, expected 2 and one line "
                            f"naming it ({message!r}): {p.stdout}{p.stderr}")

# A parameter given twice, and a point far outside the fitted range.
first = names[0]
p = run(["model", "predict", GOOD, "--config", f"{config},{first}={row[first]:g}"])
if p.returncode != 2 or f"--config names {first} twice" not in p.stderr:
    problems.append(f"predict with {first} twice: exit {p.returncode}: {p.stderr.strip()}")
far = ",".join(f"{n}={(v * 1000 if n == 'size' else v):g}" for n, v in row.items())
p = run(["model", "predict", GOOD, "--config", far])
if "warning: extrapolation: size=" not in p.stderr:
    problems.append(f"predict at 1000x the size: no extrapolation warning: exit {p.returncode}: {p.stdout}{p.stderr}")

# 4. A kernel alone in a dataset: leave-one-kernel-out has nothing to train on, so it is n/a, never a score.
p = run(["dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--per-kernel", "20",
         "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")])
if p.returncode != 0:
    sys.exit(f"FAIL: dataset: exit {p.returncode}: {p.stderr}")
jsonl = os.path.join(os.path.dirname(p.stdout.strip().splitlines()[-1]), "dataset.jsonl")
report = os.path.join(SCRATCH, "evaluation.json")
p = run(["evaluate", "--dataset", jsonl, "--baselines", "analytic,regression,stargazer", "--json", report])
loko = [line.split() for line in p.stdout.splitlines() if "leave-one-kernel-out" in line.split()[1:2]]
if p.returncode != 0 or len(loko) != 3 or any(row[2:] != ["0", "n/a", "n/a", "n/a", "n/a"] for row in loko) or \
        "leave-one-kernel-out: n/a, the dataset has one kernel (vecadd)" not in p.stdout or \
        not re.search(r"^vecadd +[0-9.]+ / +n/a", p.stdout, re.MULTILINE):
    problems.append(f"evaluate on a one-kernel dataset: exit {p.returncode}, expected leave-one-kernel-out n/a:\n"
                    f"{p.stdout}{p.stderr}")
else:
    with open(report) as f:
        results = json.load(f)["results"]
    for r in results:
        if r["split"] == "leave-one-kernel-out" and (r["overall"]["mape"] is not None or r["per_kernel"]):
            problems.append(f"evaluate --json: {r['predictor']} leave-one-kernel-out scored a lone kernel: {r}")

if problems:
    print("\n".join(f"FAIL: {p}" for p in problems))
    sys.exit(1)
print("ok: bounded spline fits, no knee without a bend, model files checked on read, extrapolation warned")
