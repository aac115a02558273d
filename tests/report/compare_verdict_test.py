"""`compare`'s A/B verdicts on sim runs of the real binary: independent runs of one device model (3 repeats
each) are never called SLOWER or FASTER (bench/compare/false_positives.py on 4 pairs: at most 5 %); the
ratio and interval of each region recomputed from the files' per-sweep mean times with h5py and numpy
(Welch over sweeps); one repeat a side is UNREPLICATED with a launch-noise-only interval; two ranks of one
file, one slowed by AUTOBENCH_SIM_FAULT=1:slow:0.8, are SLOWER by about 1.25 on the plateau;
--a-model/--b-model pick two models of one file; bad side options are one-line usage errors."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import BINARY, SCRATCH, copy_results, np, run, text  # noqa: E402
import h5py  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []
SOURCE = os.environ["AUTOBENCH_SOURCE_DIR"]

# 1. False positives over 4 pairs of one model against itself.
bench = subprocess.run([sys.executable, os.path.join(SOURCE, "bench/compare/false_positives.py"), BINARY, "4",
                        os.path.join(SCRATCH, "pairs"), "--repeats", "3"], capture_output=True, text=True)
if bench.returncode != 0:
    sys.exit(f"FAIL: false_positives.py: {bench.stderr}")
measured = json.loads(bench.stdout)
fp = measured["threshold_2"]
if fp["verdicts"] != 4 * 2 * 3:
    problems.append(f"{fp['verdicts']} verdicts over 4 pairs, expected 24 (2 kernels x 3 regions each)")
if fp["false_positive_rate"] > 0.05:
    problems.append(f"false-positive rate {fp['false_positive_rate']} over 4 pairs: {fp['counts']}")


# 2. Each region's ratio and interval from the files alone: per sweep (rank, repeat) and size the log mean
# time; a sweep's region effect is its mean over the region's sizes of (log time - the midpoint of the two
# sides' mean log times of the size); Welch t-interval of the difference of the sides' mean effects.
def sweeps(path, kernel):
    """(rank, repeat) -> size -> log mean time of the kernel's converged points."""
    out = {}
    with h5py.File(path, "r") as f:
        for detector in f["campaigns"][kernel].values():
            for rank in detector.values():
                for g in rank.values():
                    s = f[g.attrs["sweep"]] if "sweep" in g.attrs else g  # schema 2: the points are the sweep's
                    sweep = out.setdefault((int(g.attrs["rank"]), int(g.attrs["repeat"])), {})
                    for size, mean, ok in zip(s["size"][:], s["time_mean_s"][:], s["converged"][:]):
                        if ok:
                            sweep[int(size)] = float(np.log(mean))
    return out


def welch(a, b, level=0.95):
    from scipy import stats
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    d, w = np.mean(b) - np.mean(a), stats.t.ppf((1 + level) / 2, df) * np.sqrt(va + vb)
    return np.exp(d), np.exp(d - w), np.exp(d + w)


a, b = measured["files"][:2]
out, _ = run("compare", a, b, "--format", "json")
result = json.loads(out)["ab"]
sa, sb = sweeps(a, "vecadd"), sweeps(b, "vecadd")
for row in result["rows"]:
    if row["kernel"] != "vecadd" or row["verdict"] is None:
        continue
    both = [set().union(*(s.keys() for s in side.values())) for side in (sa, sb)]
    sizes = sorted(x for x in both[0] & both[1] if row["size_low"] <= x <= row["size_high"])
    centre = {x: (np.mean([s[x] for s in sa.values() if x in s]) + np.mean([s[x] for s in sb.values() if x in s])) / 2
              for x in sizes}
    effects = [[np.mean([s[x] - centre[x] for x in sizes if x in s]) for s in side.values()
                if any(x in s for x in sizes)] for side in (sa, sb)]
    want = welch(*effects)
    got = (row["ratio"], row["ratio_low"], row["ratio_high"])
    if len(sizes) != row["sizes"] or any(abs(w - g) > 1e-6 * w for w, g in zip(want, got)):
        problems.append(f"vecadd {row['region']}: {row['sizes']} sizes {got}, from the files {len(sizes)} sizes {want}")
    if (row["sweeps_a"], row["sweeps_b"], row["units_a"]) != (3, 3, 3):
        problems.append(f"vecadd {row['region']}: sweeps {row['sweeps_a']}/{row['sweeps_b']}, units {row['units_a']}")

# One repeat a side: no interval verdict, the launch-noise-only interval instead.
one = [subprocess.run([BINARY, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--suite", "quick", "--seed", str(seed),
                       "--output", os.path.join(SCRATCH, f"one{seed}"), "-q"], capture_output=True, text=True,
                      check=True).stdout.strip().splitlines()[-1] for seed in (1, 2)]
out, _ = run("compare", *one, "--format", "json")
for row in json.loads(out)["ab"]["rows"]:
    if row["verdict"] is not None and (row["verdict"] != "UNREPLICATED" or row["ratio_low"] is not None or
                                       not row["launch_ratio_low"] <= row["launch_ratio"] <= row["launch_ratio_high"]):
        problems.append(f"one repeat a side: {row}")
table, _ = run("compare", *one)
for needle in ("UNREPLICATED", "launch noise only", "2 or more repeats a side"):
    if needle not in table:
        problems.append(f"the one-repeat table lacks {needle!r}:\n{table}")

# 3. Two ranks of one file, rank 1 at 80 % of its model's speed.
env = dict(os.environ, AUTOBENCH_SIM_FAULT="1:slow:0.8")
p = subprocess.run(["mpirun", "-n", "2", "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                    "--repeats", "3", "--sim-device", "RTX 4000 Ada", "--output", os.path.join(SCRATCH, "slow"), "-q"],
                   capture_output=True, text=True, env=env)
if p.returncode != 0:
    sys.exit(f"FAIL: the 2-rank run: {p.stderr}")
two = p.stdout.strip().splitlines()[-1]
out, _ = run("compare", two, "--a-rank", "0", "--b-rank", "1", "--format", "json")
result = json.loads(out)["ab"]
if not result["a"].endswith("rank 0 (sim: RTX 4000 Ada)") or not result["b"].endswith("rank 1 (sim: RTX 4000 Ada)"):
    problems.append(f"sides {result['a']!r} {result['b']!r}")
for row in result["rows"]:
    if row["verdict"] not in ("SLOWER", None):
        problems.append(f"slowed rank 1: {row['kernel']} {row['region']} is {row['verdict']} ({row['ratio']})")
    if row["region"] == "plateau" and abs(row["ratio"] - 1.25) > 0.02:
        problems.append(f"slowed rank 1: {row['kernel']} plateau ratio {row['ratio']}, expected about 1.25")
table, _ = run("compare", two, "--a-rank", "0", "--b-rank", "1")
for needle in ("A/B verdicts", "plateau", "SLOWER", "time b/a"):
    if needle not in table:
        problems.append(f"the table lacks {needle!r}:\n{table}")

# 4. Two models of one file (rank r runs model r mod 2 by default): the RTX 5000 Ada is faster.
p = subprocess.run(["mpirun", "-n", "2", "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                    "--repeats", "2", "--output", os.path.join(SCRATCH, "models"), "-q"], capture_output=True, text=True)
models = p.stdout.strip().splitlines()[-1]
out, _ = run("compare", models, "--a-model", "RTX 4000 Ada", "--b-model", "sim: RTX 5000 Ada", "--format", "json")
result = json.loads(out)["ab"]
if (result["a_model"], result["b_model"]) != ("sim: RTX 4000 Ada", "sim: RTX 5000 Ada"):
    problems.append(f"models {result['a_model']} {result['b_model']}")
if not any(r["verdict"] == "FASTER" for r in result["rows"]):
    problems.append(f"the RTX 5000 Ada is never FASTER than the RTX 4000 Ada: {result['rows']}")
out, _ = run("compare", models, "--format", "json")
if "ab" in json.loads(out):
    problems.append("one file without side options should give no verdicts")
models_copy = os.path.join(SCRATCH, "models-copy.h5")  # the same file twice is refused: a copy of it
copy_results(models, models_copy)
out, _ = run("compare", models, models_copy, "--format", "json")
if "2 device models" not in json.loads(out).get("ab_skipped", ""):
    problems.append(f"two files of two models each: expected ab_skipped naming the models, got {out[:300]}")

# 5. Usage errors: one line, exit 2, naming the problem.
for args, needle in (([a, b, models, "--a-rank", "0"], "not 3"),
                     ([two, "--a-rank", "0"], "both hold rank 0"),
                     ([models, "--a-rank", "0"], "side b"),
                     ([models, "--a-rank", "7", "--b-rank", "0"], "rank 7"),
                     ([models, "--a-rank", "0", "--b-rank", "1", "--threshold", "-1"], "--threshold"),
                     ([models, "--a-rank", "0", "--b-rank", "1", "--unconverged", "some"], "--unconverged"),
                     ([models, "--a-rank", "0", "--a-repeats", "0", "--b-rank", "0", "--b-repeats", "0,1"], "both hold rank 0")):
    _, err = run("compare", *args, expect=2)
    if err.count("\n") != 1 or needle not in err:
        problems.append(f"compare {args}: expected one line naming {needle!r}, got {err!r}")

for p in problems:
    print("FAIL:", p)
print(f"false positives over 4 pairs: {fp}")
sys.exit(1 if problems else 0)
