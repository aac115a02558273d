"""Everything printed is safe: whatever a results file, a CSV file, a dataset or the command line holds (an OSC
title and clear-screen sequence in a host name, a newline in start_time forging a report line, ESC in a CSV
header, in a kernel name, in an --output path), no control character but the line ends and tabs reaches the
terminal, on stdout or stderr, and no line is forged; a malformed AUTOBENCH_SIM_FAULT is printed once per job,
escaped. Every CSV cell is safe to open in a spreadsheet (a formula gets a leading ')."""
import csv
import glob
import json
import os
import subprocess
import sys

import h5py  # tests/requirements.txt: missing is a failure, not a skip

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, copy_results, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-printed-text-test")
check = Checks()
GOOD = good_results_file(SCRATCH)
OSC = "\x1b]0;pwned\x07\x1b[2J"
FORGED = "FAKE: results verified by NVIDIA"
FORMULA = "=HYPERLINK(\"http://evil\",\"x\")"
HOST = FORMULA + "node" + OSC  # a formula for spreadsheets, a terminal title and clear screen for terminals


def safe(what, data, lines=True):
    """`data` (bytes printed) holds no control byte but \\n and \\t, no C1 control, and (`lines`) no forged line."""
    text = data if isinstance(data, bytes) else data.encode()
    controls = sorted({b for b in text if (b < 0x20 and b not in (0x0A, 0x09)) or b == 0x7F})
    check(not controls, f"{what}: printed control bytes {[hex(b) for b in controls]}: {text[:300]!r}")
    check(b"\xc2\x9b" not in text and b"\xc2\x9d" not in text, f"{what}: printed a C1 control: {text[:300]!r}")
    check(not lines or not any(line.lstrip().startswith(FORGED.encode()) for line in text.split(b"\n")),
          f"{what}: a line was forged: {text[:600]!r}")


def run(what, args, code=0, env=None, lines=True):
    p = subprocess.run(args if args[0] == "mpirun" else [BIN, *args], capture_output=True, timeout=300,
                       env=env)
    check(p.returncode == code, f"{what}: exit {p.returncode}, expected {code}: {p.stderr[:300]!r}")
    safe(f"{what} (stdout)", p.stdout, lines)
    safe(f"{what} (stderr)", p.stderr)
    return p


# A results file whose names came from a hostile machine.
hostile = os.path.join(SCRATCH, "hostile.h5")
copy_results(GOOD, hostile)
with h5py.File(hostile, "r+") as f:
    f.attrs["start_time"] = "2026-11-27T10:00:00Z\n" + FORGED
    (device,) = f["devices"].values()
    device.attrs["hostname"] = HOST
    device.attrs["name"] = "GPU\x1b[31m\n" + FORGED
for fmt in ("table", "markdown"):
    run(f"report --format {fmt}", ["report", "--format", fmt, hostile])
run("report --details", ["report", "--details", hostile])
p = run("report", ["report", hostile])
check(b"node\\x1B]0;pwned\\x07\\x1B[2J" in p.stdout, f"report: the host name is not shown escaped: {p.stdout[:600]!r}")
run("compare", ["compare", hostile, GOOD])
db = os.path.join(SCRATCH, "profiles.json")
run("profile add", ["profile", "add", hostile, "--db", db])
run("profile show", ["profile", "show", "--db", db])
run("detect on a results file", ["detect", "--input", hostile])

# Spreadsheet-safe CSV: the formula in the host name gets a leading ', in every CSV the program writes.
tidy = os.path.join(SCRATCH, "tidy")
run("export --tidy", ["export", hostile, "--tidy", "--output", tidy])
with open(os.path.join(tidy, "tidy.csv"), newline="") as f:
    cells = [cell for row in csv.reader(f) for cell in row]
check("'" + HOST in cells, f"tidy.csv: the formula cell is not quoted: {cells[:40]}")
check(not any(c[:1] in ("=", "+", "@") for c in cells), "tidy.csv: a cell starts a formula")
# CSV quotes a field with a line break (RFC 4180): the line break is data, not a forged row.
p = run("report --format csv", ["report", "--format", "csv", hostile], lines=False)
rows = list(csv.reader(p.stdout.decode().splitlines(keepends=True)))
check(len(rows) == 2 and all(len(row) == len(rows[0]) for row in rows), f"report --format csv: rows {rows}")
check(not any(c[:1] in ("=", "+", "@") for row in rows for c in row), "report --format csv: a cell starts a formula")

# A CSV header and cells with ESC: detect's table.
curve = os.path.join(SCRATCH, "curve.csv")
with open(curve, "w") as f:
    f.write("size,thr\x1b[31mput\n" + "".join(f"{2 ** i},{min(2 ** i, 64)}\n" for i in range(12)))
run("detect with ESC in the header", ["detect", "--input", curve, "--y-col", "thr\x1b[31mput"])

# A dataset whose kernel name holds ESC and a newline: evaluate's table.
r = subprocess.run([BIN, "dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd",
                    "--per-kernel", "4", "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")],
                   capture_output=True, text=True, check=True)
jsonl = os.path.join(os.path.dirname(r.stdout.strip()), "dataset.jsonl")
rows = [json.loads(line) for line in open(jsonl)]
for row in rows:
    row["kernel"] = "vecadd\x1b[2J\n" + FORGED
hostile_jsonl = os.path.join(SCRATCH, "hostile.jsonl")
with open(hostile_jsonl, "w") as f:
    f.write("".join(json.dumps(row) + "\n" for row in rows))
run("evaluate", ["evaluate", "--dataset", hostile_jsonl, "--baselines", "analytic"])

# An --output path with ESC and a newline, in the messages of a run and of export.
out = os.path.join(SCRATCH, "out\x1b[2J\n" + FORGED)
run("a run into an --output with ESC", ["--backend", "sim", "--kernels", "vecadd", "--detectors", "triangle",
                                         "--power-window-ms", "0", "--output", out])
run("export into an --output with ESC", ["export", GOOD, "--output", out])

# A malformed AUTOBENCH_SIM_FAULT under mpirun -n 2: refused before anything is created, printed once, escaped.
env = dict(os.environ, AUTOBENCH_SIM_FAULT="0\x1b[2J")
fault_out = os.path.join(SCRATCH, "fault")
p = run("AUTOBENCH_SIM_FAULT with ESC", ["mpirun", "-n", "2", "--oversubscribe", BIN, "--backend", "sim",
                                        "--output", fault_out], code=2, env=env)
check(p.stderr.count(b"AUTOBENCH_SIM_FAULT") == 1, f"the malformed fault is not printed once: {p.stderr!r}")
check(not os.path.exists(fault_out), "a refused AUTOBENCH_SIM_FAULT created the output directory")

check.finish("ok: control characters from files and the command line are escaped wherever they are printed")
