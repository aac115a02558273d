"""scripts/layers.py: the source tree has no folder cycle and no link cycle (the structure drawing shows
0 and 0, its floors start with numerics/), and on a small tree with a two-way include and a library
cycle it names both cycles and the includes that close them, and fails."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import Checks, scratch  # noqa: E402

SOURCE = os.environ["AUTOBENCH_SOURCE_DIR"]
LAYERS = os.path.join(SOURCE, "scripts", "layers.py")
SCRATCH = scratch("/tmp/layers_test")
check = Checks()


def layers(*args, root=SOURCE):
    return subprocess.run([sys.executable, LAYERS, "--root", root, *args], capture_output=True, text=True)


tree = layers()
check(tree.returncode == 0, f"the source tree has cycles (rc {tree.returncode}):\n{tree.stdout}{tree.stderr}")
check(tree.stdout.strip().endswith("folder cycles: 0, link cycles: 0"), f"unexpected summary: {tree.stdout!r}")
floors = layers("--floors").stdout.splitlines()
check(floors and floors[0].startswith("0: ") and "numerics" in floors[0].split(),
      f"numerics is not on the ground floor: {floors[:2]}")
for upper in ("detect", "model", "power"):
    check(not any(upper in line.split()[1:] for line in floors[:1]), f"{upper} is on the ground floor")


def write(path, text):
    full = os.path.join(SCRATCH, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


write("detect/a.cpp", '#include "model/b.hpp"\n')
write("model/b.cpp", '#include "detect/a.hpp"\n#include "numerics/c.hpp"\n')
write("suite/x/one.hpp", '#include "suite/y/two.hpp"\n')
write("suite/y/two.cpp", '#include "numerics/c.hpp"\n')
write("CMakeLists.txt", "add_library(autobench_a STATIC a.cpp)\ntarget_link_libraries(autobench_a PUBLIC autobench_b)\n"
      "# target_link_libraries(autobench_b PUBLIC autobench_x) is a comment\n")
write("lib/CMakeLists.txt", "add_library(autobench_b STATIC b.cpp $<TARGET_OBJECTS:autobench_a>)\n")
bad = layers(root=SCRATCH)
check(bad.returncode == 1, f"a tree with cycles passed (rc {bad.returncode}):\n{bad.stdout}")
check("folder cycle: detect <-> model" in bad.stdout, f"the detect/model cycle is not named:\n{bad.stdout}")
check("detect/a.cpp -> model/b.hpp" in bad.stdout and "model/b.cpp -> detect/a.hpp" in bad.stdout,
      f"the includes that close the cycle are not named:\n{bad.stdout}")
check("link cycle: autobench_a <-> autobench_b" in bad.stdout, f"the link cycle is not named:\n{bad.stdout}")
check("autobench_x" not in bad.stdout, f"a commented-out link counted:\n{bad.stdout}")
check("suite/x" not in bad.stdout, f"a one-way include counted as a cycle:\n{bad.stdout}")
check(bad.stdout.strip().endswith("folder cycles: 1, link cycles: 1"), f"unexpected summary: {bad.stdout!r}")

check.finish("layers: the tree has no cycles; a tree with a folder and a link cycle fails, naming both")
