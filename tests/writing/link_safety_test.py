"""Nothing is written through a link: a symbolic link planted where the program writes (the run lock RUN/.lock
that `merge`, `--resume` and `dataset --resume` take, the temporary file `summary.json.tmp.PID` of an atomic write,
the `csv/` directory of `export`, a journal) never makes it write to the link's target. The lock is refused with
one line and exit 2; the temporary name is replaced by a new file of our own; a planted csv/ is refused before
any work (exit 2); the file a link pointed to is byte for byte what it was."""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, good_results_file, scratch  # noqa: E402

SCRATCH = scratch("/tmp/autobench-link-safety-test")
check = Checks()
PRECIOUS = os.path.join(SCRATCH, "precious")
CONTENT = b"the user's own data\n"


def precious():
    """The file links point to, (re)written with its known content."""
    with open(PRECIOUS, "wb") as f:
        f.write(CONTENT)
    return PRECIOUS


def untouched(what):
    with open(PRECIOUS, "rb") as f:
        data = f.read()
    check(data == CONTENT, f"{what}: the link's target was written: {data[:80]!r}")


def run(args, **kw):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=600, **kw)


# A finished run (its journals and autobench.h5) and a dataset run.
good = good_results_file(SCRATCH)
run_dir = os.path.dirname(good)
r = run(["dataset", "--backend", "sim", "--sim-device", "H100 SXM", "--kernels", "vecadd", "--per-kernel", "4",
         "--iterations", "3", "-q", "--output", os.path.join(SCRATCH, "dataset")])
assert r.returncode == 0, r.stderr
dataset_dir = os.path.dirname(r.stdout.strip())

# 1. The run lock planted as a link: refused (exit 2, one line naming it), the target untouched.
for directory, args in ((run_dir, ["merge", run_dir]), (run_dir, ["--resume", run_dir, "-q"]),
                        (dataset_dir, ["dataset", "--resume", dataset_dir, "-q"])):
    lock = os.path.join(directory, ".lock")
    if os.path.lexists(lock):
        os.remove(lock)
    os.symlink(precious(), lock)
    if args[0] == "merge":
        os.remove(good)  # merge has work to do
    r = run(args)
    name = " ".join(args[:1])
    check(r.returncode == 2, f"{name} with .lock -> precious: exit {r.returncode}, expected 2: {r.stderr!r}")
    check(r.stderr.count("\n") == 1 and ".lock is a symbolic link" in r.stderr,
          f"{name}: one line saying the lock is a link: {r.stderr!r}")
    untouched(f"{name} with .lock -> precious")
    check(os.path.islink(lock), f"{name}: the planted link was replaced")
    os.remove(lock)
    if args[0] == "merge":
        r = run(args)  # without the link the same merge works: the refusal was the link's alone
        check(r.returncode == 0 and os.path.isfile(good), f"merge without the link: exit {r.returncode}: {r.stderr!r}")

# 2. A link planted at the temporary file's name (the pid is the child's own, known before exec).
out = os.path.join(SCRATCH, "export")
os.makedirs(out)
pid = os.fork()
if pid == 0:
    os.symlink(precious(), os.path.join(out, f"summary.json.tmp.{os.getpid()}"))
    os.execv(BIN, [BIN, "export", good, "--output", out])
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"export with a planted temporary link: status {status}")
untouched("export with summary.json.tmp.PID -> precious")
summary = os.path.join(out, "summary.json")
check(os.path.isfile(summary) and not os.path.islink(summary), "summary.json is not a regular file of its own")
check(not glob.glob(os.path.join(out, "*.tmp.*")), f"temporary files left: {glob.glob(os.path.join(out, '*.tmp.*'))}")

# 3. csv/ planted as a link to another directory: refused before any work, nothing written there.
elsewhere = os.path.join(SCRATCH, "elsewhere")
os.makedirs(elsewhere)
out = os.path.join(SCRATCH, "export-csv")
os.makedirs(out)
os.symlink(elsewhere, os.path.join(out, "csv"))
r = run(["export", good, "--output", out])
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "csv" in r.stderr and "symbolic link" in r.stderr,
      f"export with csv -> elsewhere: exit {r.returncode}, expected 2 and one line: {r.stderr!r}")
check(os.listdir(elsewhere) == [], f"export wrote through csv/ into {os.listdir(elsewhere)}")
check(not os.path.exists(os.path.join(out, "summary.json")), "export wrote summary.json although it refused")

check.finish("ok: no write follows a planted link (run lock, temporary files, csv/)")
