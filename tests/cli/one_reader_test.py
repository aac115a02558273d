"""One reader for results files: every subcommand that reads one (report, export, compare, plot, profile add,
detect) refuses what `report` refuses (another schema version, a missing group, columns of unequal length)
with exit 2, where it reads the damaged part (report and export never read launch times, and read a file
whose launch counts are damaged), and a file named twice (also by another path to it) is refused instead of
counted twice."""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, CAMPAIGN, Checks, copy_results, damaged_copy, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-one-reader-test")
check = Checks()
problems = check.problems
GOOD = good_results_file(SCRATCH)


def damaged(name, change):
    return damaged_copy(GOOD, os.path.join(SCRATCH, f"{name}.h5"), change)


def shorter_launch_counts(f):
    sweep = f[f[CAMPAIGN].attrs["sweep"]]  # schema 2: the points and their launch counts are the sweep's
    counts = sweep["launch_counts"][:-1]
    del sweep["launch_counts"]
    sweep["launch_counts"] = counts


BAD = {
    "schema version 99": damaged("schema", lambda f: f.attrs.modify("schema_version", 99)),
    "no /stability group": damaged("stability", lambda f: f.__delitem__("stability")),
    "no /devices group": damaged("devices", lambda f: f.__delitem__("devices")),
    "launch_counts shorter than the points": damaged("counts", shorter_launch_counts),
}


def run(args):
    return subprocess.run([BIN, *args], capture_output=True, text=True)


# Launch times are read only where they are used (docs/output.md, "What each subcommand reads"): report,
# export and plot do not read them, so their damage is no refusal there (report and export are run to show
# it); compare's A/B verdicts of two files, profile add and detect read them.
UNREAD = {"launch_counts shorter than the points": ("report", "export", "plot")}

for what, path in BAD.items():
    out = os.path.join(SCRATCH, "out")
    report = run(["report", path])
    if report.returncode != (0 if "report" in UNREAD.get(what, ()) else 2):
        problems.append(f"report of a file with {what}: exit {report.returncode}")
    for args in (["export", path, "--output", out], ["compare", path, GOOD], ["plot", path, "--output", out],
                 ["profile", "add", path, "--db", os.path.join(out, "db.json")], ["detect", "--input", path]):
        if args[0] in UNREAD.get(what, ()):
            if args[0] == "export" and run(args).returncode != 0:
                problems.append(f"export of a file with {what} (which it does not read) failed")
            shutil.rmtree(out, ignore_errors=True)
            continue
        p = run(args)
        if p.returncode != 2 or len(p.stderr.strip().splitlines()) != 1:
            problems.append(f"{args[0]} of a file with {what}: exit {p.returncode}, expected 2 and one line "
                            f"as report: {p.stderr.strip()[:300]}")
        if os.path.exists(out):
            problems.append(f"{args[0]} of a file with {what} wrote {out}")
            shutil.rmtree(out)

# The same file twice, by the same and by other paths.
link = os.path.join(SCRATCH, "link.h5")
os.symlink(GOOD, link)
relative = os.path.relpath(GOOD)
for pair in ([GOOD, GOOD], [GOOD, link], [relative, GOOD], [GOOD, os.path.dirname(GOOD) + "/./autobench.h5"]):
    p = run(["compare", *pair])
    if p.returncode != 2 or "again (each results file counts once)" not in p.stderr:
        problems.append(f"compare {' '.join(pair)}: exit {p.returncode}, expected 2 naming the repeat: {p.stderr.strip()}")
    p = run(["profile", "add", *pair, "--db", os.path.join(SCRATCH, "db.json")])
    if p.returncode != 2 or os.path.exists(os.path.join(SCRATCH, "db.json")):
        problems.append(f"profile add {' '.join(pair)}: exit {p.returncode}, expected 2 and no database")
copy = os.path.join(SCRATCH, "copy.h5")
copy_results(GOOD, copy)
p = run(["compare", GOOD, copy])
if "again" in p.stderr:
    problems.append(f"compare of a file and its copy was refused as the same file: {p.stderr.strip()}")

check.finish(f"ok: {len(BAD)} damaged files refused by every reader that reads the damage; a file named twice is "
             "refused")
