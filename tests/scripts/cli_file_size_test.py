"""suite/cli/ only binds options to settings: no file there is over 300 lines (the work of a run lives in
suite/runs/ and the domain folders). The check names every file over the limit, and is checked itself on a
scratch folder holding one file at the limit and one over it."""
import os
import pathlib
import sys
import tempfile

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import Checks  # noqa: E402

SOURCE = pathlib.Path(os.environ["AUTOBENCH_SOURCE_DIR"])
LIMIT = 300
check = Checks()


def too_long(folder):
    """{file: lines} for every file directly in `folder` with more than LIMIT lines."""
    out = {}
    for path in sorted(folder.iterdir()):
        if path.is_file():
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = sum(1 for _ in f)
            if lines > LIMIT:
                out[path.name] = lines
    return out


with tempfile.TemporaryDirectory() as scratch:
    folder = pathlib.Path(scratch)
    (folder / "at_limit.cpp").write_text("x\n" * LIMIT)
    (folder / "over_limit.cpp").write_text("x\n" * (LIMIT + 1))
    check(too_long(folder) == {"over_limit.cpp": LIMIT + 1},
          f"the check itself: expected only over_limit.cpp ({LIMIT + 1} lines), got {too_long(folder)}")

found = too_long(SOURCE / "suite" / "cli")
check(not found, f"suite/cli files over {LIMIT} lines (move the work to suite/runs/ or its domain folder): " +
      ", ".join(f"{name} {lines}" for name, lines in found.items()))

check.finish(f"suite/cli: every file at most {LIMIT} lines")
