#!/usr/bin/env python3
"""Journals carry their run's identity and `merge` never replaces a file that holds more: run.json's run_id is
in every journal's "rank" records; `merge` (and `--resume`) refuse a journal copied in from another run with
one line naming it, writing nothing; a complete results file whose journal lost its last line ("done") is
left as it is by `merge` and `--resume`, and one whose journal lost a campaign is refused (exit 2)."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-merge-identity-test")
check = Checks()


def run(args):
    return subprocess.run([BIN] + args, capture_output=True, text=True, timeout=600)


def new_run(name):
    r = run(["--suite", "quick", "--backend", "sim", "-q", "--output", os.path.join(SCRATCH, name)])
    assert r.returncode == 0, r.stderr
    return os.path.dirname(r.stdout.strip())


def read(path):
    with open(path, "rb") as f:
        return f.read()


def drop_last_lines(path, n):
    with open(path) as f:
        lines = f.readlines()
    with open(path, "w") as f:
        f.writelines(lines[:-n])


a, b = new_run("a"), new_run("b")

# Identity: run.json's run_id is in the journal's "rank" records, and differs between runs.
with open(os.path.join(a, "run.json")) as f:
    run_id = json.load(f).get("run_id", "")
with open(os.path.join(a, "journal", "rank0.jsonl")) as f:
    rank_records = [json.loads(line) for line in f if '"type":"rank"' in line]
check(run_id != "" and all(r.get("run_id") == run_id for r in rank_records) and rank_records,
      f"run.json's run_id ({run_id!r}) is in every rank record")
with open(os.path.join(b, "run.json")) as f:
    check(json.load(f).get("run_id") != run_id, "two runs have different run ids")

# A foreign journal: B's rank 0 journal copied into A.
h5 = os.path.join(a, "autobench.h5")
original = read(h5)
foreign = os.path.join(a, "journal", "rank0.jsonl")
shutil.copy(os.path.join(b, "journal", "rank0.jsonl"), foreign)
for args in (["merge", a], ["--resume", a, "-q"]):
    r = run(args)
    check(r.returncode in (1, 2), f"{args[0]} with a foreign journal: exit {r.returncode} (1 or 2)")
    check(r.stderr.count("\n") == 1 and foreign + " is not this run's journal" in r.stderr,
          f"{args[0]}: one line naming the foreign journal: {r.stderr!r}")
    check(read(h5) == original, f"{args[0]}: the results file is untouched")
os.remove(h5)
r = run(["merge", a])
check(r.returncode != 0 and not os.path.exists(h5), "merge with a foreign journal and no results file writes none")

# A complete run whose journal lost its last line (the "done" record): the file is kept as it is.
c = new_run("c")
h5 = os.path.join(c, "autobench.h5")
original = read(h5)
drop_last_lines(os.path.join(c, "journal", "rank0.jsonl"), 1)
r = run(["merge", c])
check(r.returncode == 0 and "left unchanged" in r.stdout, f"merge keeps the complete file: {r.stdout!r} {r.stderr!r}")
check(read(h5) == original, "merge: the complete file is byte for byte the same")
r = run(["--resume", c, "-q"])
check(r.returncode == 0 and "nothing to resume" in r.stdout, f"--resume: nothing to resume: {r.stdout!r} {r.stderr!r}")
check(read(h5) == original, "--resume: the complete file is byte for byte the same")

# ... and one that lost a campaign as well: the file holds more than the journals; refused.
drop_last_lines(os.path.join(c, "journal", "rank0.jsonl"), 1)
r = run(["merge", c])
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "not replacing it" in r.stderr,
      f"merge refuses to replace a file holding more: exit {r.returncode}, {r.stderr!r}")
check(read(h5) == original, "the complete file is byte for byte the same")

check.finish("merge and --resume keep runs apart and never replace a file holding more")
shutil.rmtree(SCRATCH, ignore_errors=True)
