#!/usr/bin/env python3
"""One run directory, one writer: while a process holds RUN_DIR/.lock (as a running run, resume or merge
does for its whole life), `--resume DIR`, `merge DIR` and `dataset --resume DIR` are refused with one line
naming the directory and the holder (pid and host), exit 1 or 2, nothing changed; two `--resume DIR`
started together: one measures, the other is refused; a lock left by a killed process (SIGKILL) does not
block the next resume."""
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch, snapshot  # noqa: E402

SCRATCH = scratch("/tmp/autobench-run-lock-test")
check = Checks()


def run(args):
    return subprocess.run([BIN] + args, capture_output=True, text=True, timeout=600)


def holder(directory):
    """A process that holds the directory's lock, as a running autobench-mpi would, until killed."""
    code = ("import fcntl, os, sys, time\n"
            "fd = os.open(sys.argv[1] + '/.lock', os.O_RDWR | os.O_CREAT)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "os.ftruncate(fd, 0); os.write(fd, b'pid %d on testhost\\n' % os.getpid())\n"
            "print('locked', flush=True)\n"
            "time.sleep(600)\n")
    p = subprocess.Popen([sys.executable, "-c", code, directory], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "locked"
    return p


def refused(name, directory, args, pid):
    before = snapshot(directory)
    r = run(args)
    check(r.returncode in (1, 2), f"{name}: exit {r.returncode} (1 or 2)")
    check(r.stderr.count("\n") == 1 and directory + " is in use by another autobench-mpi (pid %d on testhost)" % pid
          in r.stderr, f"{name}: one line naming the directory and the holder: {r.stderr!r}")
    check(snapshot(directory) == before, f"{name}: nothing changed")


# A run stopped before its end (time budget), so that --resume has work to do.
r = run(["--suite", "quick", "--repeats", "2", "--backend", "sim", "--sim-realtime", "0.2", "-q",
         "--output", os.path.join(SCRATCH, "run"), "--time-budget", "1"])
assert r.returncode == 3, (r.returncode, r.stderr)
run_dir = os.path.dirname(r.stdout.strip())
r = run(["dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--per-kernel", "8",
         "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")])
assert r.returncode == 0, r.stderr
dataset_dir = os.path.dirname(r.stdout.strip())

for directory, cases in ((run_dir, (["--resume", run_dir, "-q"], ["merge", run_dir])),
                         (dataset_dir, (["dataset", "--resume", dataset_dir, "-q"],))):
    p = holder(directory)
    for args in cases:
        refused(" ".join(args[:2]) + " while locked", directory, args, p.pid)
    p.send_signal(signal.SIGKILL)  # a killed holder: the kernel releases its lock, the file stays
    p.wait()
    check(os.path.exists(os.path.join(directory, ".lock")), "the killed holder's lock file is left behind")
    r = run(cases[0])
    check(r.returncode in (0, 3), f"{cases[0][0]} after the holder was killed runs (exit {r.returncode}: {r.stderr!r})")

# Two resumes at once: the first holds the lock while it measures, the second is refused.
r = run(["--suite", "quick", "--repeats", "3", "--backend", "sim", "--sim-realtime", "0.2", "-q",
         "--output", os.path.join(SCRATCH, "two"), "--time-budget", "1"])
assert r.returncode == 3, (r.returncode, r.stderr)
two = os.path.dirname(r.stdout.strip())
first = subprocess.Popen([BIN, "--resume", two, "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
lock = os.path.join(two, ".lock")
for _ in range(400):  # until the first has taken the lock
    if os.path.exists(lock) and ("pid %d " % first.pid) in open(lock).read():
        break
    time.sleep(0.025)
second = run(["--resume", two, "-q"])
out, err = first.communicate(timeout=600)
check(first.returncode == 0, f"the first --resume finishes the run (exit {first.returncode}: {err!r})")
check(second.returncode in (1, 2) and second.stderr.count("\n") == 1 and
      f"{two} is in use by another autobench-mpi (pid {first.pid} on " in second.stderr,
      f"the second --resume is refused naming the first: exit {second.returncode}, {second.stderr!r}")

check.finish("one writer per run directory")
shutil.rmtree(SCRATCH, ignore_errors=True)
