"""Every stop signal gives the documented exit 3: SIGINT, SIGTERM, SIGHUP (a closed terminal) and SIGUSR1 sent to
autobench-mpi stop the run after the current measurement, with exit 3 and a results file marked incomplete;
through mpirun, SIGUSR1 (which Open MPI forwards to the ranks) gives 3 too, and so do SIGTERM, SIGINT and SIGHUP
sent to `autobench-launch mpirun ...` (scripts/autobench-launch passes each on to mpirun as SIGUSR1; SIGINT as
Ctrl-C typed on the run's controlling terminal, which would reach a bare mpirun too): the last
line the program prints is the resume command through autobench-launch (mpirun's box about a rank's non-zero
exit follows it), and that command completes the run. SIGTERM to a bare mpirun ends the job with mpirun's own
exit code (1 for Open MPI 4.1: it sends the ranks SIGTERM and kills them a second later, docs/cluster.md; SIGINT
and SIGHUP take the same path in mpirun); then the last line printed says how to continue, whether the ranks
wrote the file or not. Each signal is sent as soon as every rank journaled a point (the ranks are measuring)."""
import fcntl
import glob
import os
import pty
import signal
import subprocess
import sys
import termios
import time

import h5py  # tests/requirements.txt: missing is a failure, not a skip

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-stop-signal-exit-test")
check = Checks()
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
RUN = ["--suite", "quick", "--repeats", "6", "--backend", "sim", "--sim-realtime", "1", "-q"]
RESUMED = ["--kernels", "vecadd", "--repeats", "4", "--power-window-ms", "0", *RUN[RUN.index("--backend"):]]
MPIRUN = ["mpirun", "-n", "2", "--oversubscribe"]
LAUNCH = os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "scripts", "autobench-launch")


def measuring(out, ranks):
    """Whether every rank's journal holds a measured point."""
    journals = glob.glob(os.path.join(out, "*", "journal", "rank*.jsonl"))
    if len(journals) < ranks:
        return False
    for path in journals:
        with open(path) as f:
            if '"type":"point"' not in f.read():
                return False
    return True


def signalled(name, launcher, sig, run=RUN, terminal=False):
    """(exit code, stderr, the run's results files) of a run sent `sig` once it measures; None on a hang. With
    `terminal`, the run's stdin is a pseudo-terminal that is its controlling terminal, and SIGINT comes from Ctrl-C
    typed there (the terminal signals its foreground process group, as a user's Ctrl-C does)."""
    out = os.path.join(SCRATCH, name)
    master, tty = pty.openpty() if terminal else (None, subprocess.DEVNULL)
    p = subprocess.Popen([*launcher, BIN, *run, "--output", out], stdin=tty, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True, env=ENV,
                         preexec_fn=(lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)) if terminal else None)
    deadline = time.monotonic() + 60
    while not measuring(out, 2 if MPIRUN[0] in launcher else 1) and time.monotonic() < deadline and p.poll() is None:
        time.sleep(0.05)
    if terminal:
        assert sig == signal.SIGINT
        os.write(master, b"\x03")
    else:
        p.send_signal(sig)
    try:
        _, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        check(False, f"{name}: still running 120 s after {sig.name}")
        return None
    finally:
        if terminal:
            os.close(master)
            os.close(tty)
    return p.returncode, err, glob.glob(os.path.join(out, "*", "autobench.h5"))


def incomplete(name, files):
    check(len(files) == 1, f"{name}: no results file")
    for path in files:
        with h5py.File(path, "r") as f:
            check(f.attrs["status"] != "complete", f"{name}: the file is not marked incomplete")


def last_line(err):
    """The last line but libevent's own warnings, which mpirun may print as it closes its descriptors after the
    signal ("[warn] Epoll MOD(1) on fd 23 failed. ...: Bad file descriptor": once in a fresh-clone run on a
    2-core machine, 2026-11-27): they are mpirun's, printed after every rank has ended."""
    lines = [line for line in err.strip().splitlines() if not line.startswith("[warn] ")]
    return lines[-1] if lines else ""


for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1):
    if (result := signalled(sig.name, [], sig)) is not None:
        code, err, files = result
        check(code == 3, f"{sig.name}: exit {code}, expected 3: {err.strip()[-300:]}")
        check("--resume" in last_line(err), f"{sig.name}: the last line does not say how to continue: {err[-300:]!r}")
        incomplete(sig.name, files)
if (result := signalled("mpirun-SIGUSR1", MPIRUN, signal.SIGUSR1)) is not None:
    code, err, files = result
    check(code == 3, f"mpirun-SIGUSR1: exit {code}, expected 3: {err.strip()[-300:]}")
    incomplete("mpirun-SIGUSR1", files)

# Through autobench-launch: each of the three reaches the ranks as SIGUSR1, and mpirun returns their 3. The program's
# last line names autobench-launch; only mpirun's box about the non-zero exit ("-----" lines) may follow it. SIGINT
# is Ctrl-C typed on the run's terminal; that run (a shorter one: vecadd without power windows) is then resumed with
# the command it printed, which completes it.
FINAL = "the results are incomplete; continue with:"
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    name = f"launch-{sig.name}"
    run = RESUMED if sig == signal.SIGINT else RUN
    if (result := signalled(name, [LAUNCH, *MPIRUN], sig, run, terminal=sig == signal.SIGINT)) is None:
        continue
    code, err, files = result
    check(code == 3, f"{name}: exit {code}, expected 3: {err.strip()[-300:]}")
    incomplete(name, files)
    lines = err.strip().splitlines()
    ours = [i for i, line in enumerate(lines) if line.startswith("autobench-mpi:")]
    last, rest = (lines[ours[-1]], lines[ours[-1] + 1:]) if ours else ("", [])
    check(FINAL + " autobench-launch mpirun -n 2 autobench-mpi --resume " in last and
          (not rest or rest[0].startswith("-----")) and not any("autobench" in line for line in rest),
          f"{name}: the last line does not say how to continue through autobench-launch: {err[-600:]!r}")
    if sig == signal.SIGINT and FINAL in last:
        resume = last.split(FINAL, 1)[1].split()
        resume = [LAUNCH if w == "autobench-launch" else BIN if w == "autobench-mpi" else w for w in resume]
        resume.insert(resume.index("-n") + 2, "--oversubscribe")
        done = subprocess.run([*resume, "-q"], capture_output=True, text=True, timeout=120, env=ENV)
        check(done.returncode == 0, f"{name}: the printed resume command {resume} exited {done.returncode}: "
                                    f"{done.stderr.strip()[-300:]}")
        for path in files:
            with h5py.File(path, "r") as f:
                check(f.attrs["status"] == "complete", f"{name}: the resumed run is {f.attrs['status']}")

# A bare mpirun: -q puts every line on stderr, one stream, forwarded in order. mpirun may end before forwarding
# the last lines rank 0 printed (about once in ten runs on a loaded machine): an attempt whose file was written
# but whose output stops before the run's last line says nothing about autobench-mpi and is tried again (3 at most).
name = "mpirun-SIGTERM"
for attempt in range(3):
    result = signalled(f"{name}-{attempt}", MPIRUN, signal.SIGTERM)
    if result is None or (FINAL in result[1] if result[2] else "stopping after" in result[1]):
        break
if result is not None:
    code, err, files = result
    check(code == 1, f"{name}: exit {code}, expected Open MPI's own 1 (docs/cluster.md): {err.strip()[-300:]}")
    check("--resume" in last_line(err), f"{name}: the last line does not say how to continue: {err[-400:]!r}")
    if files:
        incomplete(name, files)

# Usage errors of the wrapper: one line, exit 2.
for args, expected in (([], "no launcher given"), (["no-such-launcher"], "no launcher 'no-such-launcher'")):
    done = subprocess.run([LAUNCH, *args], capture_output=True, text=True, timeout=10)
    check(done.returncode == 2 and expected in done.stderr and done.stderr.count("\n") == 1 and not done.stdout,
          f"autobench-launch {args}: exit {done.returncode}, expected 2 and {expected!r}: {done.stdout + done.stderr!r}")

check.finish("ok: SIGINT, SIGTERM, SIGHUP and SIGUSR1 stop a run with exit 3 and an incomplete file; through "
             "mpirun SIGUSR1 gives 3, and so do SIGTERM, SIGINT and SIGHUP through autobench-launch, whose printed "
             "resume command completes the run; SIGTERM to a bare mpirun gives its 1, the last line saying how to "
             "continue")
