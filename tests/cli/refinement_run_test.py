"""A sim run with the adaptive sweep, refinement and noise-aware safeguards, end to end: the settings are
recorded, refinement points are flagged and sit between the sweep's sizes in size order, every campaign
carries its knee quality, and the thesis defaults stay as they were."""
import csv
import glob
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/refinement_run_test")
check = Checks()


def run(name, *args):
    out = os.path.join(SCRATCH, name)
    subprocess.run([BIN, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--kernels", "vecadd,fp32",
                    "--detectors", "triangle,kneedle", "--output", out, "-q", *args], check=True,
                   stdout=subprocess.DEVNULL)
    (h5,) = glob.glob(os.path.join(out, "*", "autobench.h5"))
    report = json.loads(subprocess.run([BIN, "report", h5, "--format", "json"], check=True, capture_output=True,
                                       text=True).stdout)
    return os.path.dirname(h5), report


def sizes_and_rows(run_dir, c):
    path = os.path.join(run_dir, "csv", f"{c['kernel']}_{c['detector']}_rank0_repeat0.csv")
    with open(path, newline="") as f:
        return [int(row[0]) for row in list(csv.reader(f))[1:]]



# The thesis defaults: geometric 1.1, no refinement, thesis safeguards.
thesis_dir, thesis = run("thesis")
s = thesis["settings"]
check((s["sweep"], s["refine_precision"], s["safeguards"]) == ("geometric", 0, "thesis"), f"thesis settings {s}")
for c in thesis["campaigns"]:
    check(c["refinement_points"] == 0, f"thesis {c['kernel']}/{c['detector']}: refinement points")
    check(c["x_scale"] == "log", f"thesis {c['kernel']}/{c['detector']}: x_scale {c['x_scale']}")
    check(0.8 <= c["knee_quality"] <= 1.0, f"thesis {c['kernel']}/{c['detector']}: quality {c['knee_quality']}")

# Adaptive: refined to 5% by default; fewer sizes; sizes in order with the refinement points among them.
adaptive_dir, adaptive = run("adaptive", "--sweep", "adaptive")
s = adaptive["settings"]
check((s["sweep"], s["refine_precision"], s["coarse_factor"]) == ("adaptive", 0.05, 2), f"adaptive settings {s}")
for c, t in zip(adaptive["campaigns"], thesis["campaigns"]):
    name = f"adaptive {c['kernel']}/{c['detector']}"
    check(c["knee_detected"] and c["stop_reason"] == "knee", f"{name}: no knee ({c['stop_reason']})")
    check(c["refinement_points"] > 0, f"{name}: no refinement points")
    check(c["points"] <= 0.35 * t["points"], f"{name}: {c['points']} sizes against the thesis's {t['points']}")
    check(0.8 <= c["knee_quality"] <= 1.0 and 0 < c["knee_position"] < 1, f"{name}: quality {c['knee_quality']}")
    sizes = sizes_and_rows(adaptive_dir, c)
    check(len(sizes) == c["points"] and sizes == sorted(set(sizes)), f"{name}: sizes not strictly increasing")
    check(sizes[c["knee_index"]] == c["knee_size"], f"{name}: knee_index does not point at knee_size")

# Noise-aware safeguards with one threshold given: recorded as fixed.
_, noise = run("noise", "--safeguards", "noise-aware", "--min-runtime-ms", "0.05", "--refine-precision", "0.1")
s = noise["settings"]
check(s["safeguards"] == "noise-aware", f"noise settings {s['safeguards']}")
check(s["fixed_thresholds"] == {"min_runtime_s": True, "distance_threshold": False, "sensitivity": False},
      f"noise fixed thresholds {s['fixed_thresholds']}")
check((s["sweep"], s["refine_precision"]) == ("geometric", 0.1), "refinement on the geometric sweep")
check(any(c["refinement_points"] > 0 for c in noise["campaigns"]), "noise: no campaign refined")

check.finish("0 problems")
