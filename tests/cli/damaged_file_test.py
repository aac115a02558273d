"""Damaged results files and unwritable outputs through every subcommand that reads a results file (report,
export, compare, plot, detect, profile add): one line on stderr and no traceback, exit 2 for a bad file and
1 for an output that cannot be written, and nothing left behind (no figure, CSV, summary or database).
An edited run.json (a value out of its range, or a null where a number belongs) is refused by --resume and
merge the same way, naming the value, and the results file stays as it was."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, CAMPAIGN, Checks, damaged_copy, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-damaged-file-test")
check = Checks()
problems = check.problems
GOOD = good_results_file(SCRATCH)


def damaged(name, change):
    """A copy of the good file with `change(h5py.File)` applied, or with raw bytes when change is bytes."""
    return damaged_copy(GOOD, os.path.join(SCRATCH, f"{name}.h5"), change)


def short_dataset(f):
    sweep = f[f[CAMPAIGN].attrs["sweep"]]  # the campaign's points are its sweep's (schema 2)
    values = sweep["time_mean_s"][:-1]
    del sweep["time_mean_s"]
    sweep["time_mean_s"] = values


def typed_attribute(f):
    f[CAMPAIGN].attrs["knee_index"] = "three"


def knee_out_of_range(f):
    f[CAMPAIGN].attrs["knee_detected"] = 1
    f[CAMPAIGN].attrs["knee_index"] = int(f[CAMPAIGN].attrs["points"]) + 5


with open(GOOD, "rb") as good:
    good_bytes = good.read()
BAD = {
    "short dataset": damaged("short", short_dataset),
    "wrongly typed attribute": damaged("typed", typed_attribute),
    "knee index out of range": damaged("knee", knee_out_of_range),
    "truncated file": damaged("truncated", good_bytes[: len(good_bytes) // 2]),
    "not HDF5": damaged("text", b"size,throughput\n1,2\n"),
}


def expect(code, args, what, out_dir=None):
    """Runs the binary; checks the exit code, one stderr line without a traceback, and an empty out_dir."""
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    lines = p.stderr.strip().splitlines()
    where = f"autobench-mpi {' '.join(args)} ({what})"
    if p.returncode != code:
        problems.append(f"{where}: exit {p.returncode}, expected {code}: {p.stderr.strip()}")
    elif code != 0 and (len(lines) != 1 or "Traceback" in p.stderr):
        problems.append(f"{where}: expected one error line, got {len(lines)}:\n{p.stderr}")
    if out_dir and os.path.exists(out_dir):
        left = [os.path.relpath(os.path.join(d, n), out_dir) for d, _, names in os.walk(out_dir) for n in names]
        left += [os.path.relpath(os.path.join(d, n), out_dir) for d, names, _ in os.walk(out_dir) for n in names]
        if code != 0 and left:
            problems.append(f"{where}: left {sorted(left)} in {out_dir}")
    return p


# Damage inside a run's part: `report` without --details reads the root's summaries alone and does not see it
# (docs/output.md, "What each subcommand reads"); --details reads every point and refuses it.
IN_PART = {"short dataset", "wrongly typed attribute", "knee index out of range"}
for what, path in BAD.items():
    out = os.path.join(SCRATCH, "out-" + os.path.basename(path))
    expect(0 if what in IN_PART else 2, ["report", path], what)
    expect(2, ["report", "--details", path], what)
    expect(2, ["compare", path, GOOD], what)
    expect(2, ["export", path, "--output", out], what, out)
    expect(2, ["plot", path, "--output", out], what, out)
    expect(2, ["profile", "add", path, "--db", os.path.join(out, "profiles.json")], what, out)
    if what != "not HDF5":  # a text file is read as CSV by detect, and this one is too short (exit 2 as well)
        expect(2, ["detect", "--input", path, "--whole-curve"], what)

# Unwritable outputs: a file where the output directory should be, and a directory below a file: usage errors,
# refused before any work (cli.usage_first_test has the FIFO and the read-only directory).
a_file = os.path.join(SCRATCH, "a-file")
with open(a_file, "w") as f:
    f.write("not a directory\n")
for out in (a_file, os.path.join(a_file, "sub")):
    expect(2, ["plot", GOOD, "--output", out], "unwritable output")
    expect(2, ["export", GOOD, "--output", out], "unwritable output")
if os.geteuid() != 0:  # root writes into read-only directories
    read_only = os.path.join(SCRATCH, "read-only")
    os.makedirs(read_only)
    os.chmod(read_only, 0o555)
    expect(1, ["plot", GOOD, "--output", os.path.join(read_only, "plots")], "read-only output")
    expect(1, ["export", GOOD, "--output", read_only], "read-only output", read_only)

# run.json edited after the run: --resume and merge check it like the command line, and change nothing.
RUN_DIR = os.path.dirname(GOOD)
with open(os.path.join(RUN_DIR, "run.json")) as f:
    manifest = f.read()
with open(GOOD, "rb") as f:
    good_before = f.read()
for key, value, message in (("scale_factor", "1e16", "--scale-factor 1e+16 is not allowed"),
                            ("repeats", "1000000000", "--repeats 1000000000 is not allowed"),
                            ("sensitivity", "null", "not a valid run manifest")):
    start = manifest.rindex(f'"{key}": ')
    end = manifest.index(",", start)
    with open(os.path.join(RUN_DIR, "run.json"), "w") as f:
        f.write(manifest[:start] + f'"{key}": {value}' + manifest[end:])
    for args in (["--resume", RUN_DIR], ["merge", RUN_DIR]):
        p = expect(2, args, f"run.json {key} = {value}")
        if message not in p.stderr:
            problems.append(f"autobench-mpi {' '.join(args)} with {key} = {value}: '{message}' not in {p.stderr!r}")
with open(os.path.join(RUN_DIR, "run.json"), "w") as f:
    f.write(manifest)
with open(GOOD, "rb") as f:
    if f.read() != good_before:
        problems.append("a refused --resume or merge changed the results file")

# The good file still plots, and leaves only figures (no partial directory).
plots = os.path.join(SCRATCH, "plots")
expect(0, ["plot", GOOD, "--output", plots], "good file")
names = os.listdir(plots) if os.path.isdir(plots) else []
if not names or any(not (n.endswith(".png") or n.endswith(".pdf")) for n in names):
    problems.append(f"plot of the good file wrote {sorted(names)}, expected only PNG and PDF figures")

check.finish(f"ok: {len(BAD)} damaged files through report, compare, export, plot, profile and detect; unwritable outputs")
