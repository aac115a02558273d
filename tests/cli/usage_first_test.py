"""Usage errors come first: exit 2 with one line before anything is created, printed once per job (not once per
rank under mpirun -n 2). A malformed AUTOBENCH_SIM_FAULT is refused before the run directory exists; export, plot
and profile add refuse an unusable output (a read-only directory, a FIFO, a regular file) before reading or
writing anything; options of a run given with a subcommand (`--dry-run merge DIR`, `--resume DIR report F`)
are refused, not ignored; `compare --a-rank -1` names its range in a few digits; a --seed beyond the whole
numbers a double holds exactly (2^53 + 1) is refused."""
import os
import stat
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, good_results_file, scratch, snapshot  # noqa: E402

SCRATCH = scratch("/tmp/autobench-usage-first-test")
check = Checks()
GOOD = good_results_file(SCRATCH)
RUN_DIR = os.path.dirname(GOOD)


def everything():
    return sorted(os.path.relpath(os.path.join(d, n), SCRATCH) for d, dirs, names in os.walk(SCRATCH)
                  for n in dirs + names)


def refused(what, args, message, env=None, launcher=()):
    before, files = everything(), snapshot(RUN_DIR)
    try:
        p = subprocess.run([*launcher, BIN, *args], capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        check(False, f"{what}: no answer in 60 s")
        return None
    check(p.returncode == 2, f"{what}: exit {p.returncode}, expected 2: {p.stderr.strip()[:300]}")
    errors = [line for line in p.stderr.splitlines() if line.startswith("autobench-mpi: error:")]
    check(len(errors) == 1, f"{what}: expected one error line, got {errors or p.stderr!r}")
    check(message in p.stderr, f"{what}: {message!r} not in {p.stderr.strip()[:400]!r}")
    check(everything() == before and snapshot(RUN_DIR) == files,
          f"{what}: created or changed {sorted(set(everything()) ^ set(before))}")
    return p


sim = ["--backend", "sim", "--kernels", "vecadd", "--detectors", "triangle", "--power-window-ms", "0", "-q"]
out = os.path.join(SCRATCH, "out")
fault = dict(os.environ, AUTOBENCH_SIM_FAULT="0")
refused("AUTOBENCH_SIM_FAULT=0", [*sim, "--output", out], "AUTOBENCH_SIM_FAULT='0' is not RANK:start", env=fault)
mpirun = ("mpirun", "-n", "2", "--oversubscribe")
refused("AUTOBENCH_SIM_FAULT=0 under mpirun -n 2", [*sim, "--output", out], "AUTOBENCH_SIM_FAULT='0'", env=fault,
        launcher=mpirun)
refused("--repeats 0 under mpirun -n 2", [*sim, "--repeats", "0", "--output", out], "--repeats: 0 is not allowed",
        launcher=mpirun)

# Unusable outputs, refused before the input is read (the input does not even exist here).
read_only = os.path.join(SCRATCH, "read-only")
os.makedirs(read_only)
os.chmod(read_only, stat.S_IRUSR | stat.S_IXUSR)
fifo = os.path.join(SCRATCH, "fifo")
os.mkfifo(fifo)
regular = os.path.join(SCRATCH, "regular")
with open(regular, "w") as f:
    f.write("x\n")
unusable = [(fifo, "is a FIFO"), (regular, "is a regular file")]
if os.geteuid() != 0:  # root writes into a read-only directory
    unusable.append((read_only, "is not writable"))
for target, why in unusable:
    for command in (["export", GOOD, "--output"], ["export", GOOD, "--tidy", "--output"], ["plot", GOOD, "--output"]):
        refused(f"{' '.join(command[:1])} --output {os.path.basename(target)}", [*command, target],
                f"--output '{target}' is not usable")
refused("profile add --db FIFO", ["profile", "add", GOOD, "--db", fifo], f"--db '{fifo}' is not usable: it is a FIFO")
os.makedirs(os.path.join(SCRATCH, "db-dir"))
refused("profile add --db DIR", ["profile", "add", GOOD, "--db", os.path.join(SCRATCH, "db-dir")],
        "is not usable: it is a directory")

# Options a subcommand does not use.
os.remove(GOOD)
refused("--dry-run merge", ["--dry-run", "merge", RUN_DIR], "--dry-run is an option of a run; merge does not use it")
refused("--resume DIR report F", ["--resume", RUN_DIR, "report", os.path.join(RUN_DIR, "x.h5")],
        "--resume is an option of a run; report does not use it")
check(not os.path.exists(GOOD), "--dry-run merge wrote the results file")

# Ranges printed as typed.
p = refused("compare --a-rank -1", ["compare", "--a-rank", "-1", "x.h5", "y.h5"], "-1 is not allowed")
check(p and len(p.stderr) < 300, f"compare --a-rank -1: a long message: {p.stderr!r}")
p = refused("compare --a-repeats -1", ["compare", "--a-repeats", "-1", "x.h5"], "-1 is not allowed")
check(p and len(p.stderr) < 300, f"compare --a-repeats -1: a long message: {p.stderr!r}")
refused("--seed 2^53+1", [*sim, "--seed", str(2 ** 53 + 1), "--output", out], f"--seed: {2 ** 53 + 1} is not allowed")
p = subprocess.run([BIN, *sim, "--seed", str(2 ** 53), "--dry-run", "--output", out], capture_output=True, text=True)
check(p.returncode == 0, f"--seed 2^53 (the documented maximum): exit {p.returncode}: {p.stderr.strip()}")

check.finish("ok: usage errors come first, once per job, before anything is created")
