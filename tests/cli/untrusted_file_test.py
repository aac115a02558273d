"""Files from someone else are untrusted input: forged results, model and manifest files, and special files
(FIFO, device, directory) named as inputs. Every reader refuses them with exit 2 and one line, within a
few seconds and under a memory limit: never a signal (an over-read, a stack overflow), never a hang or an
unbounded allocation, never exit 0 (report --format html used to exit 0 on a launch_counts sum that wraps).
The cases are the ones the third hunt forged (issue 42)."""
import glob
import os
import resource
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, CAMPAIGN, Checks, damaged_copy, good_results_file, scratch  # noqa: E402

import h5py  # noqa: E402  tests/requirements.txt
import numpy as np  # noqa: E402

SCRATCH = scratch("/tmp/autobench-untrusted-file-test")
check = Checks()
GOOD = good_results_file(SCRATCH)
MEMORY = 2 << 30  # bytes of address space each command may take (the forged sizes ask for 4 GB and more)
SECONDS = 20      # each command's time (a good file takes well under one second)


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args):
    """The binary under the limits; None when it ran out of time."""
    try:
        return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=SECONDS, preexec_fn=limited)
    except subprocess.TimeoutExpired:
        return None


def refused(args, what, message=None):
    """Checks exit 2, one stderr line (holding `message`), no signal, no hang."""
    p = run(args)
    where = f"autobench-mpi {' '.join(args)} ({what})"
    if p is None:
        check(False, f"{where}: no answer in {SECONDS} s")
        return
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1 and "Traceback" not in p.stderr,
          f"{where}: exit {p.returncode}, expected 2 and one line: {p.stderr[-800:]!r}")
    if message is not None:
        check(message in p.stderr, f"{where}: {message!r} not in {p.stderr!r}")


def sweep_of(f):
    return f[f[CAMPAIGN].attrs["sweep"]]


def wrapping_launch_counts(f):
    """Counts whose int64 sum wraps around to the number of launch times: four are 2^62 (and more)."""
    s = sweep_of(f)
    counts = np.zeros(len(s["launch_counts"]), dtype=np.int64)
    counts[:4] = 1 << 62
    counts[3] += len(s["launch_times_s"])  # 4 * 2^62 = 2^64: the sum wraps to the launches' count
    del s["launch_counts"]
    s["launch_counts"] = counts


def nested_settings(f):
    f.attrs["settings"] = "[" * 100_000 + "]" * 100_000


def unwritten(name, count, dtype):
    def change(f):
        s = sweep_of(f)
        del s[name]
        s.create_dataset(name, shape=(count,), dtype=dtype)  # declared, never written: no storage
    return change


def huge_points(f):
    f[CAMPAIGN].attrs["points"] = np.int64(10**12)
    if "point_index" in f[CAMPAIGN]:
        del f[CAMPAIGN]["point_index"]


def huge_sweep_points(f):
    sweep_of(f).attrs["points"] = np.int64(10**12)


def external_link(target):
    def change(f):
        s = sweep_of(f)
        del s["time_mean_s"]
        s["time_mean_s"] = h5py.ExternalLink(target, "/data")
    return change


def soft_link(f):
    s = sweep_of(f)
    del s["time_mean_s"]
    s["time_mean_s"] = h5py.SoftLink(s.name + "/size")


def duplicate_campaign(f):
    """The campaign counted twice: a second name (a hard link) for its group."""
    parent = f[CAMPAIGN].parent
    parent["repeat1"] = f[CAMPAIGN]


def foreign_rank(f):
    f[CAMPAIGN].attrs["rank"] = np.int64(7)


def stability_overcounts(f):
    """A stored summary that disagrees with the campaigns it summarises."""
    g = f["stability/vecadd/triangle"]
    counts = g["campaigns"][:] + 5
    del g["campaigns"]
    g["campaigns"] = counts


def consensus_column(name, change):
    """Every /consensus/vecadd row's `name` column replaced by change(column)."""
    def forge(f):
        g = f["consensus/vecadd"]
        values = change(g[name][:])
        del g[name]
        g[name] = values
    return forge


def consensus_of_no_kernel(f):
    """A consensus for a kernel the file holds no campaign of."""
    f.copy(f["consensus/vecadd"], "consensus/gemm")


def unknown_stop_reason(f):
    f[CAMPAIGN].attrs["stop_reason"] = "bogus"


FORGED = {
    "launch_counts whose sum wraps": (wrapping_launch_counts, "launch_counts"),
    "settings nested 100,000 deep": (nested_settings, "nests deeper"),
    "3e8 declared unwritten strings": (unwritten("tunables", 3 * 10**8, h5py.string_dtype()), "declares"),
    "1e9 declared unwritten floats": (unwritten("time_mean_s", 10**9, "f8"), "declares"),
    "a campaign of 1e12 points": (huge_points, None),
    "a sweep of 1e12 points": (huge_sweep_points, None),
    "an external link to /dev/zero": (external_link("/dev/zero"), "external link"),
    "a soft link": (soft_link, "soft link"),
    "a campaign linked twice": (duplicate_campaign, None),
    "a campaign filed under another rank": (foreign_rank, None),
    "a stability row counting campaigns the file lacks": (stability_overcounts, "its campaigns are"),
    "an unknown stop reason": (unknown_stop_reason, "unknown stop reason 'bogus'"),
}
# Consensus rows must summarise the campaigns too (read by every command like the above: report and
# compare stand for them).
CONSENSUS = {
    "a consensus knee outside the measured sizes": (consensus_column("knee_size", lambda v: v * 0 + 1e15),
                                                    "outside the measured sizes"),
    "a consensus counting more voters than detectors": (consensus_column("voters", lambda v: v + 5), "counts 6 voters"),
    "a consensus naming a detector that did not vote": (consensus_column("members", lambda v: [b"bogus"] * len(v)),
                                                        "'bogus', which did not vote"),
    "a consensus of a kernel without campaigns": (consensus_of_no_kernel, "/consensus/gemm row"),
}
# What a subcommand does not read it does not refuse (docs/output.md, "What each subcommand reads"): launch
# times are read by compare's A/B verdicts, detect and profile add alone; export --tidy reads one rank at a
# time and exports no run-wide summary, so it never checks /stability against every campaign. Those
# subcommands read the rest of such a file and exit 0.
UNREAD = {"launch_counts whose sum wraps": ("report", "export"),
          "a stability row counting campaigns the file lacks": ("export --tidy",)}
# A run written in parts is reported (table and JSON, without --details) from its root's summaries alone: what
# is forged inside its part is not read there; --details and the HTML form read every point and refuse it.
ROOT_ONLY = {"settings nested 100,000 deep", "a stability row counting campaigns the file lacks"}
for what, (change, message) in FORGED.items():
    path = damaged_copy(GOOD, os.path.join(SCRATCH, what.replace(" ", "_").replace("/", "_") + ".h5"), change)
    out = os.path.join(SCRATCH, "out")
    for args in (["report", path], ["report", "--format", "json", path], ["report", "--details", path],
                 ["report", "--format", "html", path],
                 ["export", path, "--output", out], ["export", "--tidy", path, "--output", out],
                 ["compare", path, GOOD], ["detect", "--input", path],
                 ["profile", "add", path, "--db", os.path.join(out, "profiles.json")]):
        if args[0] in UNREAD.get(what, ()) or " ".join(args[:2]) in UNREAD.get(what, ()):
            p = run(args)
            check(p is not None and p.returncode == 0, f"{' '.join(args)} ({what}, unread): {p and p.stderr!r}")
            shutil.rmtree(out, ignore_errors=True)
            continue
        if what not in ROOT_ONLY and args in (["report", path], ["report", "--format", "json", path]):
            p = run(args)
            check(p is not None and p.returncode == 0, f"{' '.join(args)} ({what}, in the part): {p and p.stderr!r}")
            continue
        refused(args, what, message)
    left = os.listdir(out) if os.path.exists(out) else []
    check(not left, f"{what}: export left {left}")
for what, (change, message) in CONSENSUS.items():
    path = damaged_copy(GOOD, os.path.join(SCRATCH, what.replace(" ", "_") + ".h5"), change)
    for args in (["report", path], ["compare", GOOD, path]):
        refused(args, what, message)

# Special files named as inputs: refused by what they are, at once (a FIFO used to block forever, /dev/zero
# to be read without end).
fifo = os.path.join(SCRATCH, "fifo")
os.mkfifo(fifo)
SPECIAL = {fifo: "is a FIFO", "/dev/zero": "is a character device", SCRATCH: "is a directory"}
for path, message in SPECIAL.items():
    for args in (["detect", "--input", path], ["report", path], ["compare", path, GOOD],
                 ["evaluate", "--dataset", path], ["model", "predict", path, "--config", "n=1"]):
        refused(args, path, message)
    refused(["profile", "show", "--db", path], path, message)
    refused(["--backend", "sim", "--kernels", "vecadd", "--calibration", path, "--output", os.path.join(SCRATCH, "cal")],
            path, "--calibration " + path + ": " + message)  # it used to say "no such file"
    check(not os.path.exists(os.path.join(SCRATCH, "cal")), f"--calibration {path} created the output directory")
fifo_json = fifo + ".json"  # a device-profile database named as the health reference
os.mkfifo(fifo_json)
refused(["report", "--reference", fifo_json, GOOD], fifo_json, "is a FIFO")

# A model file whose interior_knots is 10^9 (it used to take 5.9 GB in 30 s).
models = os.path.join(SCRATCH, "models")
p = subprocess.run([BIN, "model", "--kernel", "gemm", "--backend", "sim", "--sim-device", "H100 SXM", "--samples", "30",
                    "--test", "5", "--output", models], capture_output=True, text=True)
check(p.returncode == 0, f"model: exit {p.returncode}: {p.stderr}")
if p.returncode == 0:
    (model,) = glob.glob(os.path.join(models, "*", "model.h5"))
    with h5py.File(model, "r") as f:
        names = list(f["parameters"].keys())
        numeric = [n for n in names if f["parameters"][n].attrs["kind"] == "numeric"][0]
        config = ",".join(f"{n}={float(f['training'][n][0]):g}" for n in names)

    def many_knots(f):
        f["parameters"][numeric].attrs["interior_knots"] = np.int64(10**9)

    forged = damaged_copy(model, os.path.join(SCRATCH, "knots.h5"), many_knots)
    refused(["model", "predict", forged, "--config", config], "interior_knots 1e9", "interior_knots")

# run.json naming 10^8 ranks: merge refuses it at once (it used to run past 90 s).
RUN_DIR = os.path.dirname(GOOD)
with open(os.path.join(RUN_DIR, "run.json")) as f:
    manifest = f.read()
start = manifest.index('"ranks": ')
end = manifest.index(",", start)
for value in ("100000000", "-1", "0"):
    with open(os.path.join(RUN_DIR, "run.json"), "w") as f:
        f.write(manifest[:start] + f'"ranks": {value}' + manifest[end:])
    refused(["merge", RUN_DIR], f"run.json ranks {value}", f"ranks {value} is not allowed")
with open(os.path.join(RUN_DIR, "run.json"), "w") as f:
    f.write(manifest.replace('"settings"', '"settings_nested": ' + "[" * 100_000 + "]" * 100_000 + ', "settings"', 1))
refused(["merge", RUN_DIR], "run.json nested 100,000 deep", "nested deeper")
with open(os.path.join(RUN_DIR, "run.json"), "w") as f:
    f.write(manifest)

check.finish(f"ok: {len(FORGED)} forged results files through report, export, compare, detect and profile add, "
             f"{len(CONSENSUS)} forged consensus rows; "
             f"{len(SPECIAL)} special files; a forged model file and run.json")
