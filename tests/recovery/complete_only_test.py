#!/usr/bin/env python3
"""A results file is complete only when every planned campaign is in it, for merge and --resume alike:
a journal that lost its start ("rank") line and its last campaign line, a journal with one bad line in the
middle (salvaged up to it, the rest measured again by --resume), a foreign journal without its rank line,
a run.json whose run_id is empty or missing, whose ranks count is too small, or whose kernels were edited;
a dataset run's journal with a bad line is salvaged by `dataset --resume` the same way. A manifest (run.json,
dataset.json) never says complete: it is written before anything is measured."""
import glob
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

import h5py  # noqa: E402  tests/requirements.txt

SCRATCH = scratch("/tmp/autobench-complete-only-test")
check = Checks()
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
MPIRUN = ["mpirun", "-n", "2", "--oversubscribe"]
MATRIX = ["--backend", "sim", "--kernels", "vecadd", "--detectors", "triangle,kneedle", "--repeats", "2",
          "--power-window-ms", "0", "-q"]
PLANNED = 4  # campaigns per rank: 2 detectors x 2 repeats


def run(args, ranks=False):
    return subprocess.run((MPIRUN if ranks else []) + [BIN, *args], capture_output=True, text=True, timeout=600, env=ENV)


def new_run(name):
    r = run([*MATRIX, "--output", os.path.join(SCRATCH, name)], ranks=True)
    assert r.returncode == 0, r.stderr
    (run_dir,) = [os.path.join(SCRATCH, name, d) for d in os.listdir(os.path.join(SCRATCH, name))]
    return run_dir


def copy_of(original, name):
    path = os.path.join(SCRATCH, name)
    shutil.copytree(original, path)
    os.remove(os.path.join(path, "autobench.h5"))
    return path


def journal(run_dir, rank=0):
    return os.path.join(run_dir, "journal", f"rank{rank}.jsonl")


def lines_of(path):
    with open(path) as f:
        return f.readlines()


def write_lines(path, lines):
    with open(path, "w") as f:
        f.writelines(lines)


def campaigns_in(run_dir):
    """(status, campaigns per rank) of the run's results file; ("missing", {}) when it has none."""
    if not os.path.exists(os.path.join(run_dir, "autobench.h5")):
        return "missing", {}
    with h5py.File(os.path.join(run_dir, "autobench.h5"), "r") as f:
        per_rank = {}
        for kernel in f["campaigns"].values():
            for detector in kernel.values():
                for rank, repeats in detector.items():
                    per_rank[rank] = per_rank.get(rank, 0) + len(repeats)
        status = f.attrs["status"]
        return status.decode() if isinstance(status, bytes) else status, per_rank


def is_campaign(line):
    return '"type":"campaign"' in line


A = new_run("a")
B = new_run("b")

# A manifest never says complete (run.json, and a dataset run's dataset.json).
with open(os.path.join(A, "run.json")) as f:
    check(json.load(f)["info"]["complete"] is False, "run.json of a finished run says complete: true")
r = run(["dataset", "--backend", "sim", "--kernels", "vecadd", "--per-kernel", "4", "--quiet", "--output",
         os.path.join(SCRATCH, "dataset")])
check(r.returncode == 0, f"dataset: exit {r.returncode}: {r.stderr}")
for manifest in glob.glob(os.path.join(SCRATCH, "dataset", "*", "dataset.json")):
    with open(manifest) as f:
        check(json.load(f)["info"]["complete"] is False, "dataset.json of a finished dataset run says complete: true")

# 2b. A dataset run's journal with one bad line (a measured sample): `dataset --resume` salvages what comes
# before it (benchmark journals alike), names the line, measures the rest again and writes every sample.
(dataset_dir,) = glob.glob(os.path.join(SCRATCH, "dataset", "*"))
os.remove(os.path.join(dataset_dir, "dataset.h5"))
lines = lines_of(journal(dataset_dir))
samples = [i for i, line in enumerate(lines) if '"sample":' in line]
lines[samples[1]] = '{"sample": this is not JSON\n'
write_lines(journal(dataset_dir), lines)
r = run(["dataset", "--resume", dataset_dir, "--quiet"])
check(r.returncode == 0 and f"rank0.jsonl line {samples[1] + 1}: not a JSON record" in r.stderr and "salvaged" in r.stderr,
      f"dataset --resume with a bad journal line: exit {r.returncode}: {r.stderr}")
resumed = lines_of(journal(dataset_dir))[len(lines):]
again = [json.loads(line)["sample"]["id"] for line in resumed if '"sample":' in line]
check(again == [1, 2, 3], f"dataset --resume measured samples {again} again, expected 1 to 3 (from the damage on)")
with h5py.File(os.path.join(dataset_dir, "dataset.h5"), "r") as f:
    ids = sorted(f["samples"]["id"][:].tolist())
    check(f.attrs["complete"] == 1 and ids == [0, 1, 2, 3], f"dataset.h5 after the resume: ids {ids}, "
          f"complete {f.attrs['complete']}")

# 1. The start line and the last campaign line lost: merge says incomplete, and --resume measures the rest.
lost = copy_of(A, "lost")
lines = lines_of(journal(lost))
last_campaign = max(i for i, line in enumerate(lines) if is_campaign(line))
write_lines(journal(lost), [line for i, line in enumerate(lines) if i not in (0, last_campaign)])
r = run(["merge", lost])
check(r.returncode == 0 and "(complete)" not in r.stdout and "incomplete" in r.stdout,
      f"merge of a journal without its start and last campaign line: exit {r.returncode}: {r.stdout}{r.stderr}")
status, per_rank = campaigns_in(lost)
check(status == "incomplete", f"merge of a journal without its start and last campaign line: status {status}")
r = run(["--resume", lost, "-q"], ranks=True)
check(r.returncode == 0 and "nothing to resume" not in r.stdout, f"--resume after it: exit {r.returncode}: {r.stdout}{r.stderr}")
status, per_rank = campaigns_in(lost)
check(status == "complete" and per_rank == {"rank0": PLANNED, "rank1": PLANNED},
      f"--resume after a lost start line: status {status}, campaigns {per_rank}, expected {PLANNED} per rank")

# 2. One bad line in the middle: salvaged up to it, the rest measured again by --resume.
bad = copy_of(A, "bad")
lines = lines_of(journal(bad))
campaign_lines = [i for i, line in enumerate(lines) if is_campaign(line)]
lines[campaign_lines[1]] = '{"type":"campaign", this is not JSON\n'
write_lines(journal(bad), lines)
r = run(["merge", bad])
check(r.returncode == 0 and "incomplete" in r.stdout and f"rank0.jsonl line {campaign_lines[1] + 1}" in r.stderr
      and "salvaged" in r.stderr, f"merge of a journal with a bad line: exit {r.returncode}: {r.stdout}{r.stderr}")
status, per_rank = campaigns_in(bad)
check(status == "incomplete" and per_rank.get("rank0") == 1 and per_rank.get("rank1") == PLANNED,
      f"merge of a journal with a bad line: status {status}, campaigns {per_rank} (rank 0: 1 before the damage)")
r = run(["--resume", bad, "-q"], ranks=True)
status, per_rank = campaigns_in(bad)
check(r.returncode == 0 and status == "complete" and per_rank == {"rank0": PLANNED, "rank1": PLANNED},
      f"--resume after a bad line: exit {r.returncode}, status {status}, campaigns {per_rank}: {r.stderr}")

# 3. A foreign journal without its rank line is not mixed in.
foreign = copy_of(A, "foreign")
write_lines(journal(foreign), lines_of(journal(B))[1:])
r = run(["merge", foreign])
status, per_rank = campaigns_in(foreign)
check(r.returncode == 0 and status == "incomplete" and "rank0" not in per_rank,
      f"merge with a foreign journal without its rank line: exit {r.returncode}, status {status}, {per_rank}: {r.stderr}")

# 4. Edited manifests: refused with one line, nothing written.
with open(os.path.join(A, "run.json")) as f:
    manifest = json.load(f)


def edited(name, change, message):
    run_dir = copy_of(A, name)
    m = json.loads(json.dumps(manifest))
    change(m)
    with open(os.path.join(run_dir, "run.json"), "w") as f:
        json.dump(m, f)
    r = run(["merge", run_dir])
    check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and message in r.stderr,
          f"merge with run.json {name}: exit {r.returncode}, expected 2 and one line with {message!r}: {r.stderr}")
    check(not os.path.exists(os.path.join(run_dir, "autobench.h5")), f"merge with run.json {name} wrote a file")


edited("empty-run-id", lambda m: m.update(run_id=""), "run_id is empty")
edited("no-run-id", lambda m: m.pop("run_id"), "is not this run's journal")
edited("one-rank", lambda m: m["info"].update(ranks=1), "rank1.jsonl is a journal of a rank beyond")
edited("minus-one-rank", lambda m: m["info"].update(ranks=-1), "ranks -1 is not allowed")
edited("fewer-detectors", lambda m: m["settings"].update(detectors=["triangle"]), "which run.json does not plan")

check.finish("ok: lost start and campaign lines, a bad middle line, a foreign journal and edited manifests "
             "never give a complete file; --resume measures what is missing")
