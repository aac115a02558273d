"""Output that cannot be written is an error: every command that prints (list, report in each format, compare,
detect, profile show, evaluate, merge) exits non-zero with one line when its standard output is /dev/full, and a
file size limit (ulimit -f) gives a clear message, exit 1, and no temporary file left behind, for the standard
output and for the files a command writes alike (SIGXFSZ does not kill it silently)."""
import glob
import os
import resource
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-unwritable-output-test")
check = Checks()
GOOD = good_results_file(SCRATCH)
other = os.path.join(SCRATCH, "other")
os.makedirs(other)
subprocess.run([BIN, "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--detectors", "triangle",
                "--power-window-ms", "0", "--output", other, "-q"], check=True, stdout=subprocess.DEVNULL)
(OTHER,) = glob.glob(os.path.join(other, "*", "autobench.h5"))
CSV = os.path.join(SCRATCH, "curve.csv")
with open(CSV, "w") as f:
    f.write("size,throughput\n" + "".join(f"{2 ** i},{min(2 ** i, 64)}\n" for i in range(12)))
DB = os.path.join(SCRATCH, "profiles.json")
subprocess.run([BIN, "profile", "add", GOOD, "--db", DB], check=True, stdout=subprocess.DEVNULL)
r = subprocess.run([BIN, "dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd",
                    "--per-kernel", "4", "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")],
                   capture_output=True, text=True, check=True)
JSONL = os.path.join(os.path.dirname(r.stdout.strip()), "dataset.jsonl")

printing = {
    "list": ["list"],
    "report": ["report", GOOD],
    "report --format json": ["report", "--format", "json", GOOD],
    "report --format html": ["report", "--format", "html", GOOD],
    "report --format markdown": ["report", "--format", "markdown", GOOD],
    "report --format csv": ["report", "--format", "csv", GOOD],
    "compare": ["compare", GOOD, OTHER],
    "compare --format json": ["compare", "--format", "json", GOOD, OTHER],
    "detect": ["detect", "--input", CSV],
    "detect --format json": ["detect", "--input", CSV, "--format", "json"],
    "profile show": ["profile", "show", "--db", DB],
    "evaluate": ["evaluate", "--dataset", JSONL, "--baselines", "analytic"],
    "merge (nothing to do)": ["merge", os.path.dirname(GOOD)],
}
for name, args in printing.items():
    ok = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=300)
    check(ok.returncode == 0 and ok.stdout, f"{name}: exit {ok.returncode} to a pipe: {ok.stderr.strip()[:300]}")
    with open("/dev/full", "w") as full:
        p = subprocess.run([BIN, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    check(p.returncode == 1, f"{name} > /dev/full: exit {p.returncode}, expected 1")
    check(p.stderr.count("\n") == 1 and "cannot write the standard output: No space left on device" in p.stderr,
          f"{name} > /dev/full: expected one line naming the failed write, got {p.stderr!r}")


def limited(limit_bytes):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))


# The standard output into a file under a size limit: the page (or the report JSON the page is made from, in a
# temporary file) cannot be written whole, so the command fails with one line and leaves no temporary file.
page = os.path.join(SCRATCH, "page.html")
temporaries = set(glob.glob(os.path.join(tempfile.gettempdir(), "autobench-report-*")))
with open(page, "w") as out:
    p = subprocess.run([BIN, "report", "--format", "html", GOOD], stdout=out, stderr=subprocess.PIPE, text=True,
                       preexec_fn=limited(4096))
check(p.returncode == 1 and "File too large" in p.stderr and p.stderr.count("\n") == 1,
      f"report --format html under ulimit -f: exit {p.returncode}, {p.stderr!r}")
left = set(glob.glob(os.path.join(tempfile.gettempdir(), "autobench-report-*"))) - temporaries
check(not left, f"report --format html under ulimit -f left {sorted(left)}")

# Files written under a size limit: one line naming the file, exit 1, no temporary file, the old file kept.
for name, args, written in (("export --tidy", ["export", GOOD, "--tidy", "--output"], "tidy.csv"),
                            ("export", ["export", GOOD, "--output"], "summary.json")):
    out = os.path.join(SCRATCH, name.replace(" ", "").replace("-", ""))
    os.makedirs(out)
    with open(os.path.join(out, written), "w") as f:
        f.write("old\n")
    p = subprocess.run([BIN, *args, out], capture_output=True, text=True, preexec_fn=limited(256))
    check(p.returncode == 1, f"{name} under ulimit -f: exit {p.returncode} (a signal is negative), expected 1")
    check(p.stderr.count("\n") == 1 and "File too large" in p.stderr and out in p.stderr,
          f"{name} under ulimit -f: expected one line naming the file in {out}: {p.stderr!r}")
    left = glob.glob(os.path.join(out, "**", "*.tmp.*"), recursive=True)
    check(not left, f"{name} under ulimit -f left temporary files: {left}")
    with open(os.path.join(out, written)) as f:
        check(f.read() == "old\n", f"{name} under ulimit -f: {written} is not what it was")
shutil.rmtree(os.path.join(SCRATCH, "dataset"), ignore_errors=True)

check.finish("ok: a full standard output and a file size limit are errors with one line, no file left half-written")
