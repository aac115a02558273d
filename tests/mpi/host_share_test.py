"""Host work per rank does not grow with the ranks on a node: one rank uses the node's cores, four unbound
ranks (mpirun --bind-to none) each use a quarter of them (at least one), as every rank's time-split
line says at the end of the run; the split is in the file (/time_split, one entry per rank) and `report`
shows it. Runs the real binary on the sim backend; robust on a 2-core machine."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-host-share-test")
check = Checks()
LINE = re.compile(r"^rank (\d+) time split: wall ([0-9.]+) s, cores (\d+); (.*)$")
PHASES = ["gpu_timing", "input_init", "verification", "detection", "bootstrap", "power", "compilation", "gather",
          "write", "other"]


def run(ranks):
    """Runs `ranks` unbound ranks; returns ({rank: (wall, cores, {phase: seconds})}, result file)."""
    out = os.path.join(SCRATCH, f"n{ranks}")
    cmd = ["mpirun", "-n", str(ranks), "--oversubscribe", "--bind-to", "none", BIN, "--backend", "sim", "--kernels",
           "vecadd", "--detectors", "kneedle,triangle", "--power-window-ms", "0", "--output", out]
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 0, f"{' '.join(cmd)}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    splits = {}
    for line in p.stdout.splitlines():
        m = LINE.match(line)
        if m:
            phases = {name: float(value) for name, value in (part.split() for part in m[4].split(", "))}
            splits[int(m[1])] = (float(m[2]), int(m[3]), phases)
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    path = last.split("results: ")[-1].rsplit(" (", 1)[0]  # "...; results: PATH (SIZE)"
    return splits, path


machine = len(os.sched_getaffinity(0))
one, _ = run(1)
four, four_file = run(4)
check(sorted(one) == [0], f"one rank: time-split lines for ranks {sorted(one)}")
check(sorted(four) == [0, 1, 2, 3], f"four ranks: time-split lines for ranks {sorted(four)}")
if one:
    check(one[0][1] == machine, f"one rank uses {one[0][1]} cores, the node has {machine}")
for rank, (wall, cores, phases) in sorted(four.items()):
    share = max(1, machine // 4)
    check(cores == share, f"rank {rank} of 4 uses {cores} cores of {machine}: the node's share is {share}")
    check(list(phases) == PHASES, f"rank {rank}: phases {list(phases)}")
    total = sum(phases.values())
    check(abs(total - wall) < 0.05 + 0.01 * wall, f"rank {rank}: phases sum to {total}, wall {wall}")
check(sum(c for _, c, _ in four.values()) <= max(machine, 4), "four ranks together use more threads than cores")

try:
    import h5py
    with h5py.File(four_file, "r") as f:
        g = f["time_split"]
        check(sorted(g["rank"][()]) == [0, 1, 2, 3], f"/time_split ranks {g['rank'][()]}")
        check(len(four) == 4 and list(g["cores"][()]) == [four[r][1] for r in range(4)],
              f"/time_split cores {g['cores'][()]}")
        for name in ("gpu_timing_s", "verification_s", "detection_s"):  # each rank measured, verified, detected
            check(all(g[name][()] > 0), f"/time_split {name} {g[name][()]}")
except ImportError:
    pass
report = subprocess.run([BIN, "report", four_file], capture_output=True, text=True).stdout if four_file else ""
check("Where each rank's time went" in report and "\nall " in report, "report shows no time-split table")

check.finish(f"host share: 1 rank {one.get(0, (0, 0))[1]} cores, 4 ranks "
             f"{[four[r][1] for r in sorted(four)]} cores on a {machine}-core node")
