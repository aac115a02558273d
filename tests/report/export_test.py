"""`export`: one CSV per campaign whose rows are the file's curve (size, mean time in ms, throughput,
knee flag), read back with h5py and compared exactly; summary.json equals `report --format json`; the
exports a run writes itself (from its results in memory, while the file is written) are byte for byte
those that `export` makes from the file."""
import csv
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import SCRATCH, campaigns, run, sim_run  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
h5 = sim_run("results")
problems = []

out_dir = os.path.join(SCRATCH, "exported")
run("export", h5, "--output", out_dir)
cs = campaigns(h5)
names = set()
for c in cs:
    name = f"{c['kernel']}_{c['detector']}_rank{c['rank']}_repeat{c['repeat']}.csv"
    names.add(name)
    path = os.path.join(out_dir, "csv", name)
    if not os.path.isfile(path):
        problems.append(f"missing {path}")
        continue
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    expected_header = ["problem_size", "execution_time_ms", "throughput_" + c["metric_unit"], "is_knee"]
    if rows[0] != expected_header:
        problems.append(f"{name}: header {rows[0]}, expected {expected_header}")
    body = rows[1:]
    if len(body) != len(c["size"]):
        problems.append(f"{name}: {len(body)} rows for {len(c['size'])} points")
        continue
    for i, row in enumerate(body):
        knee = int(c["knee_detected"]) == 1 and i == int(c["knee_index"])
        want = (int(c["size"][i]), c["time_mean_s"][i] * 1e3, c["throughput"][i], "1" if knee else "0")
        got = (int(row[0]), float(row[1]), float(row[2]), row[3])
        if got != want:
            problems.append(f"{name} row {i}: {got}, expected {want}")
    if int(c["knee_detected"]) == 1 and sum(r[3] == "1" for r in body) != 1:
        problems.append(f"{name}: the knee is not flagged exactly once")
if len(cs) != 8:
    problems.append(f"expected 8 campaigns (quick suite, 2 repeats), the file has {len(cs)}")
extra = set(os.listdir(os.path.join(out_dir, "csv"))) - names
if extra:
    problems.append(f"unexpected CSV files {sorted(extra)}")

report, _ = run("report", h5, "--format", "json")
with open(os.path.join(out_dir, "summary.json")) as f:
    if json.load(f) != json.loads(report):
        problems.append("summary.json differs from `report --format json`")

# The run's own exports (made in memory beside the file) are exactly `export`'s.
run_dir = os.path.dirname(h5)
for name in sorted(names) + ["summary.json"]:
    sub = "" if name == "summary.json" else "csv"
    mine, theirs = os.path.join(run_dir, sub, name), os.path.join(out_dir, sub, name)
    with open(mine, "rb") as a, open(theirs, "rb") as b:
        if a.read() != b.read():
            problems.append(f"the run's {sub}/{name} differs from export's")

# Without --output the exports go next to the file.
run("export", h5)
if sorted(os.listdir(os.path.join(run_dir, "csv"))) != sorted(names):
    problems.append(f"export without --output did not write {run_dir}/csv/")
if not os.path.isfile(os.path.join(run_dir, "summary.json")):
    problems.append(f"export without --output did not write {run_dir}/summary.json")

_, err = run("export", os.path.join(SCRATCH, "none.h5"), expect=2)
if err.count("\n") != 1 or "none.h5" not in err:
    problems.append(f"a missing file should be one line naming it: {err!r}")

for p in problems:
    print("FAIL:", p)
print(f"checked {len(cs)} campaigns")
sys.exit(1 if problems else 0)
