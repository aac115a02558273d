"""Validation before work: every input, output writability included, is checked before anything is created
or measured; every number goes through the one limits table (suite/campaign/limits.hpp) and the message
names the option as typed and its value; --resume refuses run options instead of ignoring them."""
import os
import shutil
import subprocess
import sys
import time

BIN = os.environ["AUTOBENCH_BINARY"]
SCRATCH = os.environ.get("AUTOBENCH_SCRATCH") or "/tmp/autobench-validate-first-test"
shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
os.chdir(SCRATCH)
problems = []


def created():
    return sorted(os.path.relpath(os.path.join(d, n), SCRATCH) for d, dirs, names in os.walk(SCRATCH)
                  for n in dirs + names)


def expect(code, args, message, slower_than_s=None):
    """Runs the binary in SCRATCH: exit `code`, `message` in its one stderr line (exit 2), nothing created."""
    before = created()
    start = time.monotonic()
    p = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120)
    took = time.monotonic() - start
    where = "autobench-mpi " + " ".join(args)
    if p.returncode != code:
        problems.append(f"{where}: exit {p.returncode}, expected {code}: {p.stderr.strip()[:400]}")
    if message and message not in p.stderr:
        problems.append(f"{where}: {message!r} not in {p.stderr.strip()[:400]!r}")
    if code == 2 and len(p.stderr.strip().splitlines()) != 1:
        problems.append(f"{where}: expected one error line, got {p.stderr!r}")
    if code != 0 and created() != before:
        problems.append(f"{where}: created {sorted(set(created()) - set(before))}")
    if slower_than_s is not None and took > slower_than_s:
        problems.append(f"{where}: took {took:.1f} s: refused only after working")
    return p


sim = ["--backend", "sim"]
# Nothing created: a dry run, an unknown sim device, an unwritable calibration file.
expect(0, [*sim, "--dry-run", "--output", "a/b/c"], "")
if os.path.exists("a"):
    problems.append("--dry-run --output a/b/c created a/")
expect(2, ["dataset", *sim, "--sim-device", "RTX 9000", "--output", "ds"], "unknown sim device 'RTX 9000'")
expect(2, ["model", "--kernel", "gemm", *sim, "--sim-device", "RTX 9000", "--output", "m"],
       "unknown sim device 'RTX 9000'")
expect(2, ["calibrate", *sim, "--clocks", "705:1980:255", "--output", "/nonexistent/cal.json"],
       "--output '/nonexistent/cal.json' is not usable: the directory '/nonexistent' does not exist", slower_than_s=5)
os.makedirs("a-dir")
expect(2, ["calibrate", *sim, "--clocks", "705:1980:255", "--output", "a-dir"],
       "--output 'a-dir' is not usable: it is a directory", slower_than_s=5)
with open("a-file", "w") as f:
    f.write("x\n")
expect(2, [*sim, "--dry-run", "--output", "a-file/sub"], "--output 'a-file/sub' is not usable: ")
expect(2, ["dataset", *sim, "--output", "a-file/sub"], "--output 'a-file/sub' is not usable: ")
expect(2, ["model", "--kernel", "gemm", *sim, "--output", "a-file/sub"], "--output 'a-file/sub' is not usable: ")
expect(2, [*sim, "--output", ""], "--output '' is not usable")

# One limits table: the option's real name and the value typed, for every subcommand.
for command in (["model", "--kernel", "gemm"], ["dataset"], []):
    expect(2, [*command, *sim, "--seed=-1"], "--seed: -1 is not allowed: must be a whole number in [0, 9007199254740992]")
    expect(2, [*command, *sim, "--seed", "18446744073709551615"], "--seed: 18446744073709551615 is not allowed")
for command in (["dataset"], []):
    expect(2, [*command, *sim, "--time-budget=-5"], "--time-budget: -5 is not allowed: must be a finite number in (0, ")
    expect(2, [*command, *sim, "--time-budget", "inf"], "--time-budget: inf is not allowed")
for option, value, message in (("--max-terms", "0", "--max-terms: 0 is not allowed: must be a whole number in [1, 100]"),
                               ("--rows-per-column", "0", "--rows-per-column: 0 is not allowed"),
                               ("--knots", "9", "--knots: 9 is not allowed: must be a whole number in [1, 3]"),
                               ("--theta", "1", "--theta: 1 is not allowed: must be a finite number in [0, 1)"),
                               ("--iterations", "0", "--iterations: 0 is not allowed")):
    expect(2, ["model", "--kernel", "gemm", *sim, option, value], message)
    if option != "--iterations":
        expect(2, ["model", "evaluate", "x.h5", option, value], message)
expect(2, ["model", "evaluate", "x.h5", "--tuner-random=-1"], "--tuner-random: -1 is not allowed")
expect(2, [*sim, "--iterations", "5", "--warmup", "9", "--dry-run"], "--iterations 5 with --warmup 9 is not allowed")
expect(2, [*sim, "--knee-bootstrap=-1"], "--knee-bootstrap: -1 is not allowed")
expect(2, [*sim, "--noise-target", "1"], "--noise-target: 1 is not allowed: must be a finite number in [0, 1)")
expect(2, [*sim, "--tuner-top-k", "0"], "--tuner-top-k: 0 is not allowed: must be a whole number in [1, 1000]")

# --resume keeps the run's own settings: run options beside it are refused, naming them.
run = expect(0, [*sim, "--kernels", "vecadd", "--detectors", "triangle", "--power-window-ms", "0", "-q",
                 "--output", "run"], "")
(run_dir,) = [os.path.join("run", d) for d in os.listdir("run")]
for extra in (["--scale-factor", "2", "--kernels", "bogus"], ["--output", "elsewhere"], ["--backend", "sim"]):
    p = expect(2, ["--resume", run_dir, *extra], "--resume continues a run with its own settings; ")
    for name in (a for a in extra if a.startswith("--")):
        if name not in p.stderr.split("cannot change")[0]:
            problems.append(f"--resume {run_dir} {' '.join(extra)}: {name} not named in {p.stderr.strip()!r}")
expect(2, ["dataset", "--resume", run_dir, "--per-kernel", "3"], "--per-kernel cannot change them")

if problems:
    print("\n".join(f"FAIL: {p}" for p in problems))
    sys.exit(1)
print("ok: inputs and outputs checked before any work, numbers through the limits table, --resume alone")
