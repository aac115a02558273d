"""A calibration is applied only inside its measured clock range and only to the GPU it was measured on: a run at
the boost clock (1980 MHz) with a calibration swept over 1000-1500 MHz writes no corrected power at those points
(NaN, never an extrapolated number such as -167 W) and warns on stderr, quiet or not, naming how many points and
why; a calibration of another device model corrects nothing and says so."""
import glob
import os
import re
import subprocess
import sys

import h5py  # tests/requirements.txt: missing is a failure, not a skip
import numpy as np

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-calibration-range-test")
check = Checks()


def calibrate(device, clocks, name):
    path = os.path.join(SCRATCH, name)
    subprocess.run([BIN, "calibrate", "--backend", "sim", "--sim-device", device, "--clocks", clocks, "--output", path],
                   check=True, capture_output=True)
    return path


def run(calibration, name):
    out = os.path.join(SCRATCH, name)
    p = subprocess.run([BIN, "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--detectors",
                        "triangle", "--calibration", calibration, "--output", out, "-q"], capture_output=True, text=True)
    check(p.returncode == 0, f"{name}: exit {p.returncode}: {p.stderr.strip()}")
    (path,) = glob.glob(os.path.join(out, "*", "autobench.h5"))
    with h5py.File(path, "r") as f:
        (sweep,) = f["sweeps/rank0"].values()
        return p.stderr, np.asarray(sweep["power_sm_clock_mhz"]), np.asarray(sweep["power_corrected_w"])


narrow = calibrate("H100 SXM", "1000:1500:100", "narrow.json")
err, clock, corrected = run(narrow, "narrow")
outside = np.isfinite(clock) & (clock > 1515)
check(outside.sum() > 0, f"no point was measured beyond 1515 MHz (clocks {clock[np.isfinite(clock)]}): the test tells nothing")
check(np.all(np.isnan(corrected[outside])), f"corrected power written outside the calibrated clocks: {corrected[outside]}")
check(not np.any(corrected[np.isfinite(corrected)] < 0), f"negative corrected power: {corrected}")
m = re.search(r"warning: rank 0: vecadd: power not corrected at (\d+) of \d+ points \(clock outside the "
              r"calibration's \d+-\d+ MHz: (\d+)\)", err)
check(m is not None and int(m.group(1)) >= outside.sum(), f"no warning naming the refused points: {err!r}")

other = calibrate("RTX 4000 Ada", "1000:1500:100", "other-model.json")
err, _, corrected = run(other, "other-model")
check("warning: rank 0: no calibration for" in err and "power is not corrected" in err,
      f"a calibration of another model: no warning: {err!r}")
check(np.all(np.isnan(corrected)), "a calibration of another model corrected the power")

check.finish("ok: a calibration corrects only inside its clock range and on its own device model, and says so")
