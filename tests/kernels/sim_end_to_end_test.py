"""Every registered kernel end to end on the sim backend: `list` names each kernel with its bottleneck
class, the `full` suite includes every kernel (and `quick` stays vecadd + gemm), and one sim run of all
kernels finds a knee for each, with the class recorded in the HDF5 file."""
import glob
import json
import os
import re
import subprocess
import sys

import h5py

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/sim_end_to_end_test")
check = Checks()



listing = subprocess.run([BIN, "list"], check=True, capture_output=True, text=True).stdout
section = listing.split("kernels:\n")[1].split("detectors:\n")[0]
classes = {}
for line in section.splitlines():
    name, bound, unit = line.split()[:3]
    classes[name] = bound
expected = {"chase": "latency", "fp32": "compute", "gemm": "compute", "histogram": "contention",
            "reduction": "bandwidth+sync", "spmv": "irregular", "stencil": "bandwidth", "transpose": "bandwidth",
            "triad": "bandwidth", "vecadd": "bandwidth"}
check(classes == expected, f"`list` kernels and classes: {classes}")

plan = subprocess.run([BIN, "--backend", "sim", "--suite", "full", "--dry-run"], check=True, capture_output=True,
                      text=True).stdout
for name in expected:
    check(re.search(rf"\b{name}\b", plan) is not None, f"the full suite's plan lacks {name}")
quick = subprocess.run([BIN, "--backend", "sim", "--suite", "quick", "--dry-run"], check=True, capture_output=True,
                       text=True).stdout
check("triad" not in quick and "chase" not in quick, "the quick suite grew")

out = os.path.join(SCRATCH, "run")
subprocess.run([BIN, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--kernels", ",".join(sorted(expected)),
                "--detectors", "kneedle", "--repeats", "1", "--output", out, "-q"], check=True, stdout=subprocess.DEVNULL)
(h5,) = glob.glob(os.path.join(out, "*", "autobench.h5"))
report = json.loads(subprocess.run([BIN, "report", h5, "--format", "json"], check=True, capture_output=True,
                                   text=True).stdout)
seen = {c["kernel"]: c for c in report["campaigns"]}
check(set(seen) == set(expected), f"campaigns for {sorted(seen)}")
for name, c in seen.items():
    check(c["knee_detected"], f"{name}: no knee ({c['stop_reason']})")
    check(c["points"] >= 5, f"{name}: {c['points']} points")
    check(c["metric_unit"] == ("GFLOP/s" if expected[name] == "compute" else "GB/s"), f"{name}: {c['metric_unit']}")
with h5py.File(h5, "r") as f:
    for name, bound in expected.items():
        g = f[f"campaigns/{name}/kneedle/rank0/repeat0"]
        stored = g.attrs["bottleneck"]
        stored = stored.decode() if isinstance(stored, bytes) else stored
        check(stored == bound, f"{name}: bottleneck attribute {stored!r}, want {bound!r}")

check.finish(f"{len(expected)} kernels end to end on the sim backend")
