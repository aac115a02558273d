"""What the Python script tests share: the binary under test, a fresh scratch directory, and checks that
collect every failure and end the test with all of them (exit 1) or with a summary line (exit 0)."""
import os
import shutil
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
