#!/usr/bin/env python3
"""A failed resume never touches a run's outputs: `--resume DIR` and `dataset --resume DIR` on a device that
cannot start (AUTOBENCH_SIM_FAULT=0:start) or with an edited sim_device in run.json / dataset.json exit
non-zero with one line naming the rank and why, and every file of the run directory (results file,
exports, dataset.h5, dataset.jsonl, journals) is byte for byte what it was; so does `dataset --resume`
with another dataset run's journal copied in (dataset journals carry the run id of dataset.json). A resume that can start still
finishes the run (the run used here really was resumable)."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch, snapshot  # noqa: E402

SCRATCH = scratch("/tmp/autobench-failed-resume-test")
check = Checks()


def run(args, fault=None):
    env = dict(os.environ)
    env.pop("AUTOBENCH_SIM_FAULT", None)
    if fault:
        env["AUTOBENCH_SIM_FAULT"] = fault
    return subprocess.run([BIN] + args, capture_output=True, text=True, env=env, timeout=600)


def edit_sim_device(manifest):
    with open(manifest) as f:
        j = json.load(f)
    j["settings"]["sim_device"] = "No Such GPU"
    with open(manifest, "w") as f:
        json.dump(j, f, indent=2)


def failed_resume(name, directory, args, fault=None, expected="cannot start"):
    before = snapshot(directory)
    r = run(args, fault)
    check(r.returncode != 0, f"{name}: exit {r.returncode} (not 0)")
    check(r.stderr.count("\n") == 1 and expected in r.stderr, f"{name}: one line saying '{expected}': {r.stderr!r}")
    after = snapshot(directory)
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    check(not changed, f"{name}: no file changed, created or removed ({changed})")


# The main run: a complete quick run made resumable (its results file rebuilt by `merge` from journals
# that lost the last campaign), so that --resume has something to measure.
r = run(["--suite", "quick", "--backend", "sim", "-q", "--output", os.path.join(SCRATCH, "run")])
assert r.returncode == 0, r.stderr
run_dir = os.path.dirname(r.stdout.strip())
journal = os.path.join(run_dir, "journal", "rank0.jsonl")
with open(journal) as f:
    lines = f.readlines()
last_campaign = max(i for i, line in enumerate(lines) if '"type":"campaign"' in line)
with open(journal, "w") as f:
    f.writelines(lines[:last_campaign])
os.remove(os.path.join(run_dir, "autobench.h5"))
r = run(["merge", run_dir])
assert r.returncode == 0 and "incomplete" in r.stdout, r.stdout + r.stderr

failed_resume("--resume, device cannot start", run_dir, ["--resume", run_dir, "-q"], "0:start")
manifest = os.path.join(run_dir, "run.json")
with open(manifest) as f:
    original_manifest = f.read()
edit_sim_device(manifest)
failed_resume("--resume, sim_device edited in run.json", run_dir, ["--resume", run_dir, "-q"], expected="No Such GPU")
with open(manifest, "w") as f:
    f.write(original_manifest)
r = run(["--resume", run_dir, "-q"])
check(r.returncode == 0, f"--resume on a device that starts finishes the run (exit {r.returncode}: {r.stderr})")

# The dataset: a complete small dataset; a resume measures nothing new but would rewrite both files.
r = run(["dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--per-kernel", "20",
         "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")])
assert r.returncode == 0, r.stderr
dataset_dir = os.path.dirname(r.stdout.strip())
failed_resume("dataset --resume, device cannot start", dataset_dir, ["dataset", "--resume", dataset_dir, "-q"], "0:start")
with open(os.path.join(dataset_dir, "dataset.json")) as f:
    dataset_manifest = json.load(f)
edit_sim_device(os.path.join(dataset_dir, "dataset.json"))
failed_resume("dataset --resume, sim_device edited in dataset.json", dataset_dir,
              ["dataset", "--resume", dataset_dir, "-q"], expected="No Such GPU")

check(dataset_manifest.get("run_id"), "dataset.json names its run (run_id)")
with open(os.path.join(dataset_dir, "journal", "rank0.jsonl")) as f:
    check(f'"run_id":"{dataset_manifest.get("run_id")}"' in f.read(), "the dataset journal names its run")

# Another dataset run's journal copied in: refused, naming the file, nothing changed.
r = run(["dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--per-kernel", "20",
         "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "other-dataset")])
assert r.returncode == 0, r.stderr
other_dir = os.path.dirname(r.stdout.strip())
with open(os.path.join(dataset_dir, "dataset.json"), "w") as f:
    json.dump(dataset_manifest, f, indent=2)
shutil.copy(os.path.join(other_dir, "journal", "rank0.jsonl"), os.path.join(dataset_dir, "journal", "rank0.jsonl"))
failed_resume("dataset --resume with another dataset run's journal", dataset_dir,
              ["dataset", "--resume", dataset_dir, "-q"], expected="is not this dataset run's journal")

check.finish("every failed resume left its run directory as it was")
shutil.rmtree(SCRATCH, ignore_errors=True)
