#!/usr/bin/env python3
"""Whether the interpreter running this script has what pip requirement files ask for.

    python3 scripts/requirements_check.py FILE...

Prints one line per requirement that is not met (not installed, or installed at a version the
specifier excludes) and exits 1 if there is one, 0 when every requirement is met. Reads the
subset of the requirement-file format the project uses: one `name[specifier]` per line, `#`
comments and `-r OTHER_FILE` (relative to the file naming it). scripts/install-deps.sh runs it
with the project venv's interpreter before and after pip; tests/install/python_imports_test.py
reads the same files through `requirements()`.
"""
import importlib.metadata
import os
import re
import sys


def requirements(path):
    """The requirement strings of file `path` and of the files it includes with -r, in order."""
    found = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("-r"):
                found += requirements(os.path.join(os.path.dirname(path), line[2:].strip()))
            else:
                found.append(line)
    return found


def name_of(requirement):
    """The distribution name of a requirement string, normalised as PEP 503 does (h5py, kneed, ...)."""
    name = re.match(r"[A-Za-z0-9._-]+", requirement).group(0)
    return re.sub(r"[-_.]+", "-", name).lower()


def unmet(requirement):
    """Why `requirement` is not met by this interpreter, or None when it is."""
    # pip's own copy of `packaging` reads specifiers as pip does; every venv has pip.
    from pip._vendor.packaging.requirements import Requirement

    wanted = Requirement(requirement)
    try:
        version = importlib.metadata.version(wanted.name)
    except importlib.metadata.PackageNotFoundError:
        return f"{requirement}: not installed"
    if not wanted.specifier.contains(version, prereleases=True):
        return f"{requirement}: {version} installed"
    return None


def main(files):
    if not files:
        sys.stderr.write(__doc__)
        return 2
    problems = [p for f in files for p in map(unmet, requirements(f)) if p]
    for p in problems:
        print(f"unmet for {sys.executable}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
