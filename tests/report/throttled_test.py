"""Throttled points on the sim backend (AUTOBENCH_SIM_FAULT=0:throttle:SIZE makes one size's timed launches
run at 70% of the clock under a thermal reason): the point is flagged in the file with its reason, it is
never the knee (the knee a clean run finds there moves off it), `report` counts it per kernel and
--details names it, the HTML page lists it; a clean run flags nothing; --knee-allow-throttled is recorded."""
import os
import subprocess
import sys

import h5py

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "scripts"))
from autobench_h5 import campaign_column  # noqa: E402
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-throttled-test")
check = Checks()


def run(name, *extra, fault=None):
    env = dict(os.environ)
    env.pop("AUTOBENCH_SIM_FAULT", None)
    if fault:
        env["AUTOBENCH_SIM_FAULT"] = fault
    p = subprocess.run([BIN, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--kernels", "fp32", "--detectors",
                        "kneedle,triangle", "--repeats", "1", "--knee-bootstrap", "0", "-q", "--output",
                        os.path.join(SCRATCH, name), *extra], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"FAIL: run {name}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    return p.stdout.strip().splitlines()[-1]


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def campaigns(path):
    out = []
    with h5py.File(path, "r") as f:
        for detector in f["campaigns/fp32"].values():
            g = detector["rank0/repeat0"]
            out.append({"detector": text(g.attrs["detector"]), "knee_size": int(g.attrs["knee_size"]),
                        "status": text(g.attrs["knee_status"]), "params": text(g.attrs["detector_params"]),
                        "size": [int(s) for s in campaign_column(g, "size")],
                        "throttled": [int(t) for t in campaign_column(g, "throttled")],
                        "reason": [text(r) for r in campaign_column(g, "throttle_reason")]})
    return out


def report(path, *extra):
    p = subprocess.run([BIN, "report", path, *extra], capture_output=True, text=True)
    check(p.returncode == 0, f"report {' '.join(extra)}: exit {p.returncode}: {p.stderr}")
    return p.stdout


clean_path = run("clean")
clean = campaigns(clean_path)
found = [c for c in clean if c["status"] == "found"]
if not found:
    sys.exit(f"FAIL: the clean run found no knee to throttle: {clean}")
size = found[0]["knee_size"]
check(not any(any(c["throttled"]) for c in clean), "a clean run flags no point")
check("Throttled points" not in report(clean_path, "--details"), "a clean run's report shows no throttled points")

path = run("throttled", fault=f"0:throttle:{size}")
for c in campaigns(path):
    if size not in c["size"]:
        check(False, f"{c['detector']}: the sweep did not measure the throttled size {size}: {c['size']}")
        continue
    i = c["size"].index(size)
    check(c["throttled"][i] == 1, f"{c['detector']}: size {size} is not flagged")
    check(c["reason"][i].startswith("sw_thermal_slowdown, sm_clock "), f"{c['detector']}: reason '{c['reason'][i]}'")
    check(sum(c["throttled"]) == 1, f"{c['detector']}: only size {size} is throttled: {c['throttled']}")
    check(c["knee_size"] != size, f"{c['detector']}: the knee stayed on the throttled size {size}")
    check(c["status"] == "found", f"{c['detector']}: knee {c['status']} after moving off the throttled point")

short = report(path)
check("Throttled points" in short and "fp32: 1 of " in short, f"report counts the throttled point:\n{short}")
details = report(path, "--details")
check(f"rank 0 repeat 0 size {size} (sw_thermal_slowdown, sm_clock " in details,
      f"report --details names the throttled point:\n{details}")
page = report(path, "--format", "html")
check("1 throttled point(s)" in page and f"size {size:,}" in page, "the HTML page lists the throttled point")

allowed = run("allowed", "--knee-allow-throttled", fault=f"0:throttle:{size}")
check(all("knee_allow_throttled=1" in c["params"] and "knee_moved_off_throttled" not in c["params"]
          for c in campaigns(allowed)), "--knee-allow-throttled is recorded and no knee is moved")

check.finish(f"throttled: size {size} flagged and never the knee; report, --details and HTML show it")
