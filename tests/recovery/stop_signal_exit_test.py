"""Every stop signal gives the documented exit 3: SIGINT, SIGTERM, SIGHUP (a closed terminal) and SIGUSR1 sent to
autobench-mpi stop the run after the current measurement, with exit 3 and a results file marked incomplete;
through mpirun, SIGUSR1 (which Open MPI forwards to the ranks) gives 3 too. (SIGTERM, SIGINT and SIGHUP to mpirun
itself end the job with mpirun's own exit code, 1 for Open MPI: docs/promises.md.)"""
import glob
import os
import signal
import subprocess
import sys
import time

import h5py  # tests/requirements.txt: missing is a failure, not a skip

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-stop-signal-exit-test")
check = Checks()
RUN = ["--suite", "quick", "--repeats", "6", "--backend", "sim", "--sim-realtime", "1", "-q"]


def stopped(name, launcher, sig):
    out = os.path.join(SCRATCH, name)
    p = subprocess.Popen([*launcher, BIN, *RUN, "--output", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    time.sleep(4)  # past the start: the ranks are measuring
    p.send_signal(sig)
    try:
        _, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        check(False, f"{name}: still running 120 s after {sig.name}")
        return
    check(p.returncode == 3, f"{name}: exit {p.returncode} after {sig.name}, expected 3: {err.strip()[-300:]}")
    files = glob.glob(os.path.join(out, "*", "autobench.h5"))
    check(len(files) == 1, f"{name}: no results file after {sig.name}")
    for path in files:
        with h5py.File(path, "r") as f:
            check(f.attrs["status"] != "complete", f"{name}: the file is not marked incomplete")


for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1):
    stopped(sig.name, [], sig)
stopped("mpirun-SIGUSR1", ["mpirun", "-n", "2", "--oversubscribe"], signal.SIGUSR1)

check.finish("ok: SIGINT, SIGTERM, SIGHUP and SIGUSR1 stop a run with exit 3 and an incomplete file")
