"""Path safety: a name read from a results file becomes part of an output file's name only made safe
(suite/result_file/file_name.hpp), so `export` and `plot` write nothing outside their --output directory, whatever
the file's kernel and detector attributes hold ("../../../OUTSIDE", "/etc/x", ".hidden")."""
import glob
import os
import shutil
import subprocess
import sys

import h5py  # tests/requirements.txt: missing is a failure, not a skip

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, CAMPAIGN, Checks, copy_results, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-path-safety-test")
# Deep enough that "../../../" from the output stays inside SCRATCH, where the test looks for escapes.
OUT_PARENT = os.path.join(SCRATCH, "a", "b", "c")
os.makedirs(OUT_PARENT)
check = Checks()
problems = check.problems
GOOD = good_results_file(SCRATCH)


def all_files():
    return {os.path.join(d, n) for d, _, names in os.walk(SCRATCH) for n in names}


for kernel, detector in (("../../../OUTSIDE", "triangle"), ("vecadd", "../../x/../../DETECTOR"),
                         ("/tmp/ABSOLUTE", "triangle"), (".hidden", "..")):
    hostile = os.path.join(SCRATCH, "hostile.h5")
    copy_results(GOOD, hostile)
    with h5py.File(hostile, "r+") as f:
        f[CAMPAIGN].attrs["kernel"] = kernel
        f[CAMPAIGN].attrs["detector"] = detector
        for summary in ("stability", "consensus"):  # their rows summarised the campaign under its old names
            for name in list(f[summary]):
                del f[summary][name]
    commands = [["export", hostile, "--output"], ["plot", hostile, "--output"]]
    for command in commands:
        out = os.path.join(OUT_PARENT, "out")
        shutil.rmtree(out, ignore_errors=True)
        before = all_files()
        p = subprocess.run([BIN, *command, out], capture_output=True, text=True)
        if p.returncode != 0:
            problems.append(f"{command[0]} with kernel {kernel!r}: exit {p.returncode}: {p.stderr.strip()}")
        new = all_files() - before
        outside = sorted(n for n in new if not n.startswith(out + os.sep))
        if outside:
            problems.append(f"{command[0]} with kernel {kernel!r}, detector {detector!r} wrote outside {out}: {outside}")
        hidden = sorted(n for n in new if os.path.basename(n).startswith("."))
        if hidden:
            problems.append(f"{command[0]} with kernel {kernel!r}, detector {detector!r} wrote hidden files: {hidden}")
        if not new:
            problems.append(f"{command[0]} with kernel {kernel!r} wrote nothing")
    for stray in glob.glob("/tmp/ABSOLUTE*"):
        problems.append(f"a file was written at {stray}")

check.finish("ok: export and plot keep every file inside --output, whatever the names in the file")
