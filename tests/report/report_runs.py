"""Shared by the report script tests: sim runs of the real binary and the campaigns of a result file,
read with h5py alone (independently of the C++ reader), with the figures worked out in numpy."""
import os
import subprocess
import sys

import h5py  # tests/requirements.txt: missing is a failure, not a skip
import numpy as np

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "scripts"))
from autobench_h5 import campaign_column  # noqa: E402  (either layout of the campaign curves)
sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import copy_results  # noqa: E402,F401  (a copy of a run's file that stands alone)

BINARY = os.environ["AUTOBENCH_BINARY"]
SCRATCH = os.environ.get("AUTOBENCH_SCRATCH") or "/tmp/autobench-report-test"


def run(*args, expect=0, env=None):
    """Runs the binary; returns (stdout, stderr); fails the test on another exit code."""
    p = subprocess.run([BINARY, *args], capture_output=True, text=True, env=env)
    if p.returncode != expect:
        sys.exit(f"FAIL: autobench-mpi {' '.join(args)}: exit {p.returncode}, expected {expect}\n{p.stdout}{p.stderr}")
    return p.stdout, p.stderr


def sim_run(name, *extra):
    """A quick sim run with 2 repeats into SCRATCH/name; returns the HDF5 path it printed."""
    out, _ = run("--backend", "sim", "--suite", "quick", "--repeats", "2", "--output", os.path.join(SCRATCH, name),
                 "-q", *extra)
    path = out.strip().splitlines()[-1]
    if not os.path.isfile(path):
        sys.exit(f"FAIL: the run printed '{out}', not a file")
    return path


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def campaigns(path):
    """Every campaign of the file as a dict of its attributes, device and curve."""
    out = []
    with h5py.File(path, "r") as f:
        devices = {name: {k: text(v) for k, v in g.attrs.items()} for name, g in f["devices"].items()}
        for kernel in f["campaigns"].values():
            for detector in kernel.values():
                for rank_name, rank in detector.items():
                    for g in rank.values():
                        c = {k: (text(v) if isinstance(v, (str, bytes)) else v) for k, v in g.attrs.items()}
                        c["device"] = devices[rank_name]
                        for name in ("size", "time_mean_s", "throughput", "energy_j", "energy_counter_j",
                                     "energy_instant_j"):
                            c[name] = np.asarray(campaign_column(g, name), dtype=float)
                        c["tunables"] = [text(t) for t in campaign_column(g, "tunables")]
                        out.append(c)
    return out


def finished(c):
    return int(c["complete"]) == 1 and len(c["size"]) > 0 and c["stop_reason"] != "error"


def label(c):
    model = c["device"]["model"]
    return "sim: " + model if c["device"]["backend"] == "sim" else model


def peak(c):
    return float(np.nanmax(c["throughput"]))


def efficiency(c):
    """Best throughput x time / energy over the points with energy; NaN without."""
    with np.errstate(invalid="ignore", divide="ignore"):
        e = np.where(c["energy_j"] > 0, c["throughput"] * c["time_mean_s"] / c["energy_j"], np.nan)
    return float(np.nanmax(e)) if np.any(~np.isnan(e)) else float("nan")


def close(a, b):
    """Equal within rounding; None (JSON null) equals NaN."""
    if a is None or b is None:
        return (a is None or np.isnan(a)) and (b is None or np.isnan(b))
    return abs(a - b) <= 1e-12 * max(abs(a), abs(b))
