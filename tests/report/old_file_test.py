"""Files written before knee status and the consensus knee (no /consensus, no knees_found/knee_edges, no
knee_status attributes) stay readable: `report` computes the consensus and the stability again from the
campaigns and gives the same answer as for the file written now."""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import SCRATCH, copy_results, h5py, run, sim_run  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
new = sim_run("new", "--detectors", "kneedle,triangle,menger,lmethod")
old = os.path.join(SCRATCH, "old.h5")
copy_results(new, old)
with h5py.File(old, "r+") as f:
    del f["consensus"]
    for kernel in f["stability"].values():
        for detector in kernel.values():
            del detector["knees_found"]
            del detector["knee_edges"]
            detector["knee_size_median"][0] = -1.0  # stale figures: the reader must not use them
    for kernel in f["campaigns"].values():
        for detector in kernel.values():
            for rank in detector.values():
                for g in rank.values():
                    del g.attrs["knee_status"]

problems = []
got = {name: json.loads(run("report", path, "--format", "json")[0]) for name, path in (("new", new), ("old", old))}
if not got["new"]["consensus"]:
    problems.append("the new file has no consensus rows")
if got["old"]["consensus"] != got["new"]["consensus"]:
    problems.append("the consensus computed for the old file differs from the one stored in the new file")
if got["old"]["stability"] != got["new"]["stability"]:
    problems.append("the old file's stability was not computed again over the knees found")
text_old, _ = run("report", old)
text_new, _ = run("report", new)
if text_old.replace(old, "F") != text_new.replace(new, "F"):
    problems.append(f"report differs:\n{text_old}\n---\n{text_new}")

if problems:
    sys.exit("FAIL:\n" + "\n".join(problems))
print("ok: a file without /consensus and knee counts reports like one with them")
