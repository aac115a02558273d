"""`compare`: three sim runs (RTX 4000 Ada twice, H100 SXM once); every median, ratio and spread of
`compare --format json` recomputed from the files with h5py and numpy; provenance per file; the
baseline option; the table; usage errors."""
import json
import os
import shutil
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import (SCRATCH, campaigns, close, efficiency, finished, label, np,  # noqa: E402
                         peak, run, sim_run, text)
import h5py  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
files = [sim_run("a", "--sim-device", "RTX 4000 Ada"), sim_run("b", "--sim-device", "H100 SXM"),
         sim_run("c", "--sim-device", "RTX 4000 Ada", "--seed", "7")]
problems = []

# Expected, from the files: (kernel, detector) -> label -> list of (file index, knee, peak, efficiency); the
# knee NaN unless it was found (knee_status); detector "consensus": each sweep's consensus knee (/consensus)
# with its curve's peak and efficiency.
groups = defaultdict(lambda: defaultdict(list))
for i, path in enumerate(files):
    curves = {}
    for c in campaigns(path):
        if finished(c):
            knee = float(c["knee_size"]) if c["knee_status"] == "found" else float("nan")
            groups[(c["kernel"], c["detector"])][label(c)].append((i, knee, peak(c), efficiency(c)))
            curves.setdefault((int(c["rank"]), c["kernel"], int(c["repeat"])), c)
    with h5py.File(path, "r") as f:
        for kernel, g in f["consensus"].items():
            for row in range(len(g["scope"])):
                if text(g["scope"][row]) == "sweep":
                    c = curves[(int(g["rank"][row]), kernel, int(g["repeat"][row]))]
                    knee = float(g["knee_size"][row]) if g["found"][row] else float("nan")
                    groups[(kernel, "consensus")][label(c)].append((i, knee, peak(c), efficiency(c)))


def expected_figure(mine, base, k):
    """Median over the model's campaigns; ratio of medians; min/max ratio over campaign pairs."""
    m = np.array([x[k] for x in mine])
    m = m[~np.isnan(m)]
    b = np.array([x[k] for x in base]) if base else np.array([])
    b = b[~np.isnan(b)]
    if len(m) == 0:
        return [None] * 4
    if len(b) == 0:
        return [float(np.median(m)), None, None, None]
    return [float(np.median(m)), float(np.median(m) / np.median(b)), float(m.min() / b.max()),
            float(m.max() / b.min())]


def check(result, baseline_label):
    if len(result["comparisons"]) != len(groups):
        problems.append(f"{len(result['comparisons'])} comparisons, expected {len(groups)}")
    for comp in result["comparisons"]:
        key = (comp["kernel"], comp["detector"])
        models = groups.get(key, {})
        base_label = baseline_label or sorted(models)[0]
        if comp["baseline"] != base_label:
            problems.append(f"{key}: baseline {comp['baseline']}, expected {base_label}")
        if [m["model"] for m in comp["models"]] != sorted(models):
            problems.append(f"{key}: models {[m['model'] for m in comp['models']]}, expected {sorted(models)}")
            continue
        for m in comp["models"]:
            mine, base = models[m["model"]], models.get(base_label)
            if m["campaigns"] != len(mine) or m["files"] != len({x[0] for x in mine}):
                problems.append(f"{key} {m['model']}: {m['campaigns']} campaigns in {m['files']} files")
            if m["knees_found"] != sum(1 for x in mine if not np.isnan(x[1])):
                problems.append(f"{key} {m['model']}: {m['knees_found']} knees found")
            for k, name in ((1, "knee_size"), (2, "peak_throughput"), (3, "energy_efficiency")):
                want = expected_figure(mine, base, k)
                got = [m[name][f] for f in ("median", "ratio", "ratio_min", "ratio_max")]
                if not all(close(g, w) for g, w in zip(got, want)):
                    problems.append(f"{key} {m['model']} {name}: {got}, expected {want}")


out, _ = run("compare", *files, "--format", "json")
result = json.loads(out)
check(result, None)
if {tuple(sorted(m)) for m in groups.values()} != {("sim: H100 SXM", "sim: RTX 4000 Ada")}:
    problems.append(f"each (kernel, detector) should hold both models: {dict(groups)}")
if any(m["files"] != 2 for c in result["comparisons"] for m in c["models"] if m["model"] == "sim: RTX 4000 Ada"):
    problems.append("the RTX 4000 Ada campaigns of both of its files should be pooled")

# Provenance per file, in the order given.
for path, prov in zip(files, result["files"]):
    with h5py.File(path, "r") as f:
        want = {"path": path, "start_time": text(f.attrs["start_time"]), "backend": text(f.attrs["backend"]),
                "git_commit": text(f.attrs["git_commit"]),
                "hostnames": sorted({text(g.attrs["hostname"]) for g in f["devices"].values()})}
    if prov != want:
        problems.append(f"provenance {prov}, expected {want}")

out, _ = run("compare", *files, "--baseline", "H100 SXM", "--by", "device-model", "--format", "json")
check(json.loads(out), "sim: H100 SXM")

table, _ = run("compare", *files)
for needle in [*files, "ratios to sim: H100 SXM", "sim: RTX 4000 Ada", "vecadd / kneedle", "gemm / triangle",
               "sim (simulated devices, not GPU measurements)"]:
    if needle not in table:
        problems.append(f"the table lacks '{needle}':\n{table}")

for args, needle in (([files[0], "--baseline", "Quadro"], "'Quadro'"), ([files[0], "--by", "rack"], "rack"),
                     ([os.path.join(SCRATCH, "none.h5")], "none.h5")):
    _, err = run("compare", *args, expect=2)
    if err.count("\n") != 1 or needle not in err:
        problems.append(f"compare {args}: expected one line naming {needle}, got {err!r}")

for p in problems:
    print("FAIL:", p)
print(f"checked {sum(len(m) for m in groups.values())} model rows")
sys.exit(1 if problems else 0)
