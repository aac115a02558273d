"""No two source files share a name: every .hpp, .cpp, .cu and .cuh under the source folders and tests/
has a name of its own across folders (so a name says what the file is), and the check names a repeat."""
import collections
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import Checks  # noqa: E402

SOURCE = pathlib.Path(os.environ["AUTOBENCH_SOURCE_DIR"])
ROOTS = ["numerics", "detect", "model", "power", "record", "kernels", "suite", "tests", "bench"]
check = Checks()


def repeated(root):
    """{file name: [folders]} for every name found in more than one folder under `root`."""
    where = collections.defaultdict(list)
    for top in ROOTS:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in (".hpp", ".cpp", ".cu", ".cuh") and path.is_file():
                where[path.name].append(path.parent.relative_to(root).as_posix())
    return {name: folders for name, folders in where.items() if len(folders) > 1}


found = repeated(SOURCE)
check(not found, "file names used in more than one folder: " +
      "; ".join(f"{name} in {', '.join(folders)}" for name, folders in sorted(found.items())))

check.finish("file names: every source file's name is used in one folder only")
