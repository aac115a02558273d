"""What the Python script tests share: the binary under test, a fresh scratch directory, checks that
collect every failure and end the test with all of them (exit 1) or with a summary line (exit 0), and a
small good results file with damaged copies of it."""
import glob
import os
import shutil
import subprocess
import sys

BIN = os.environ["AUTOBENCH_BINARY"]


def scratch(default):
    """The test's scratch directory (AUTOBENCH_SCRATCH, else `default`), emptied and created."""
    path = os.environ.get("AUTOBENCH_SCRATCH", default)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


class Checks:
    def __init__(self):
        self.problems = []

    def __call__(self, cond, message):
        if not cond:
            self.problems.append(message)

    def finish(self, summary):
        """Prints every failure and exits 1, or prints `summary` when there was none."""
        if self.problems:
            print("\n".join(f"FAIL: {p}" for p in self.problems))
            sys.exit(1)
        print(summary)


def snapshot(directory):
    """Every file under `directory` (the run lock aside), by its path relative to `directory`, and its bytes:
    two snapshots compare equal when nothing was written, renamed or removed."""
    files = {}
    for root, _, names in os.walk(directory):
        for name in names:
            if name != ".lock":
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, directory)] = f.read()
    return files


# The one campaign of good_results_file(): its group in the file.
CAMPAIGN = "campaigns/vecadd/triangle/rank0/repeat0"


def good_results_file(directory):
    """Runs one sim campaign whose knee is found (vecadd, triangle, no power windows) into `directory`/run;
    the path of its results file."""
    subprocess.run([BIN, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--kernels", "vecadd", "--detectors",
                    "triangle", "--power-window-ms", "0", "--output", os.path.join(directory, "run"), "-q"],
                   check=True, stdout=subprocess.DEVNULL)
    (path,) = glob.glob(os.path.join(directory, "run", "*", "autobench.h5"))
    return path


def damaged_copy(good, path, change):
    """`path`: a copy of the results file `good` with `change(h5py.File)` applied, or these raw bytes when
    `change` is bytes."""
    if isinstance(change, bytes):
        with open(path, "wb") as f:
            f.write(change)
        return path
    import h5py  # tests/requirements.txt; only the tests that damage files need it

    copy_results(good, path)
    with h5py.File(path, "r+") as f:
        change(f)
    return path


def copy_results(good, path):
    """`path`: a copy of the results file `good` that stands alone (a run written in parts: its parts inlined)."""
    import h5py

    shutil.copy(good, path)
    with h5py.File(path, "r+") as f:
        inline_parts(f, os.path.dirname(good))
    return path


def inline_parts(f, run_dir):
    """Replaces the external links of a run written in parts (docs/output.md) by copies of what they link
    to, so that a copy of the root file stands alone and a change to it touches no part."""
    import h5py

    def links(group):
        for name in list(group):
            link = group.get(name, getlink=True)
            if isinstance(link, h5py.ExternalLink):
                yield group, name, link
            elif isinstance(link, h5py.HardLink) and isinstance(group[name], h5py.Group) and group[name].name.count("/") < 4:
                yield from links(group[name])

    for group, name, link in list(links(f)):
        del group[name]
        with h5py.File(os.path.join(run_dir, link.filename), "r") as part:
            part.copy(part[link.path], group, name)
