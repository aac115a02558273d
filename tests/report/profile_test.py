"""`profile add` / `profile show`: three sim runs added (one of them twice) to a database; every
profile of `profile show --format json` recomputed from the files' sweeps and consensus knees with h5py
and numpy (a file added twice counts once); filters; where the database lives by default; usage errors."""
import json
import os
import shutil
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import SCRATCH, campaigns, close, efficiency, finished, h5py, label, np, peak, run, sim_run, text  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
files = [sim_run("a", "--sim-device", "RTX 4000 Ada"), sim_run("b", "--sim-device", "H100 SXM"),
         sim_run("c", "--sim-device", "RTX 4000 Ada", "--seed", "7")]
db = os.path.join(SCRATCH, "db", "profiles.json")
problems = []

run("profile", "add", files[0], files[1], "--db", db)
out, _ = run("profile", "add", files[0], files[2], "--db", db)
if not out.startswith("replaced " + files[0]):
    problems.append(f"adding a file again should say it replaced it: {out!r}")

# Expected: (model label, kernel) -> one entry per sweep (its consensus knee, /consensus in the file, NaN
# when none), each file once; peak and efficiency of the sweep's curve, the tunables at its consensus knee.
pools = defaultdict(list)
for i, path in enumerate(files):
    curves = {}
    for c in campaigns(path):
        if finished(c):
            curves.setdefault((int(c["rank"]), c["kernel"], int(c["repeat"])), c)
    with h5py.File(path, "r") as f:
        for kernel, g in f["consensus"].items():
            for row in range(len(g["scope"])):
                if text(g["scope"][row]) != "sweep":
                    continue
                c = curves[(int(g["rank"][row]), kernel, int(g["repeat"][row]))]
                size = float(g["knee_size"][row]) if g["found"][row] else float("nan")
                tunables = next((t for s, t in zip(c["size"], c["tunables"]) if s == size), None)
                pools[(label(c), kernel)].append((i, size, peak(c), efficiency(c), tunables))


def median_or_none(values):
    v = np.array(values, dtype=float)
    v = v[~np.isnan(v)]
    return float(np.median(v)) if len(v) else None


def most_frequent(values):
    counts = Counter(values)
    return min(v for v in counts if counts[v] == max(counts.values()))


out, _ = run("profile", "show", "--db", db, "--format", "json")
result = json.loads(out)
if [(p["model"], p["kernel"]) for p in result["profiles"]] != sorted(pools):
    problems.append(f"profiles {[(p['model'], p['kernel']) for p in result['profiles']]}, expected {sorted(pools)}")
for p in result["profiles"]:
    pool = pools.get((p["model"], p["kernel"]), [])
    found = [x[4] for x in pool if x[4] is not None]
    want = {"campaigns": len(pool), "knees_found": len(found), "files": len({x[0] for x in pool}),
            "saturating_size": median_or_none([x[1] for x in pool]), "peak_throughput": median_or_none([x[2] for x in pool]),
            "energy_efficiency": median_or_none([x[3] for x in pool]),
            "best_tunables": most_frequent(found) if found else ""}
    for k, w in want.items():
        ok = close(p[k], w) if k in ("saturating_size", "peak_throughput", "energy_efficiency") else p[k] == w
        if not ok:
            problems.append(f"{p['model']} / {p['kernel']} {k}: {p[k]}, expected {w}")
if len(result["sources"]) != 3:
    problems.append(f"{len(result['sources'])} sources, expected 3 (a file added twice counts once)")
if any(p["files"] != 2 for p in result["profiles"] if p["model"] == "sim: RTX 4000 Ada"):
    problems.append("the RTX 4000 Ada profiles should pool both of its files")

out, _ = run("profile", "show", "--db", db, "--model", "H100 SXM", "--kernel", "vecadd", "--format", "json")
picked = [(p["model"], p["kernel"]) for p in json.loads(out)["profiles"]]
if picked != [("sim: H100 SXM", "vecadd")]:
    problems.append(f"--model 'H100 SXM' --kernel vecadd showed {picked}")

table, _ = run("profile", "show", "--db", db)
# Sim runs have simulated power windows, so every profile has an energy efficiency with its unit.
for needle in ("sim: RTX 4000 Ada", "sim: H100 SXM", "saturating_size", "GFLOP/s", "GFLOP/J", "GB/J"):
    if needle not in table:
        problems.append(f"the table lacks '{needle}':\n{table}")

# The default database: $AUTOBENCH_PROFILE_DB, else ~/.autobench/profiles.json.
home = os.path.join(SCRATCH, "home")
env = {k: v for k, v in os.environ.items() if k != "AUTOBENCH_PROFILE_DB"}
run("profile", "add", files[1], env={**env, "HOME": home})
if not os.path.isfile(os.path.join(home, ".autobench", "profiles.json")):
    problems.append("profile add without --db did not write ~/.autobench/profiles.json")
env_db = os.path.join(SCRATCH, "env.json")
run("profile", "add", files[1], env={**env, "HOME": home, "AUTOBENCH_PROFILE_DB": env_db})
if not os.path.isfile(env_db):
    problems.append("profile add did not write $AUTOBENCH_PROFILE_DB")

for args, needle in ((["show", "--db", db, "--model", "Quadro"], "'Quadro'"),
                     (["add", os.path.join(SCRATCH, "none.h5"), "--db", db], "none.h5"),
                     (["show", "--db", files[0]], files[0])):
    _, err = run("profile", *args, expect=2)
    if err.count("\n") != 1 or needle not in err:
        problems.append(f"profile {args}: expected one line naming {needle}, got {err!r}")

for p in problems:
    print("FAIL:", p)
print(f"checked {len(result['profiles'])} profiles")
sys.exit(1 if problems else 0)
