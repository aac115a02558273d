"""The generated parts of README.md and docs/*.md (every subcommand's --help, sample outputs of sim runs,
the layer picture) are what the program prints now: scripts/docs/generate.py --check regenerates them
from this build and fails on any difference beyond run-specific values. A stale copy is caught."""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SOURCE = os.environ["AUTOBENCH_SOURCE_DIR"]
GENERATE = os.path.join("scripts", "docs", "generate.py")
SCRATCH = scratch("/tmp/generated_docs_test")
check = Checks()


def generate(root, *args):
    return subprocess.run([sys.executable, os.path.join(root, GENERATE), "--binary", BIN, *args],
                          capture_output=True, text=True)


current = generate(SOURCE, "--check")
check(current.returncode == 0, f"generated documentation is stale (run {GENERATE}):\n{current.stdout[-6000:]}"
      f"{current.stderr[-2000:]}")

# A copy of options.md with one line changed must fail, naming the file and the line.
copy = os.path.join(SCRATCH, "tree")
shutil.copytree(os.path.join(SOURCE, "scripts", "docs"), os.path.join(copy, "scripts", "docs"))
os.makedirs(os.path.join(copy, "docs"))
shutil.copy(os.path.join(SOURCE, "docs", "options.md"), os.path.join(copy, "docs"))
options = os.path.join(copy, "docs", "options.md")
with open(options) as f:
    text = f.read()
start = text.index("generate.py: options -->")  # inside the generated part, not the hand-written limits
with open(options, "w") as f:
    f.write(text[:start] + text[start:].replace("--scale-factor", "--scale-factr", 1))
stale = generate(copy, "--check", "docs/options.md")
check(stale.returncode == 1, f"a stale options.md passed (rc {stale.returncode}):\n{stale.stdout[-3000:]}{stale.stderr}")
check("stale: docs/options.md" in stale.stdout and "--scale-factr" in stale.stdout,
      f"the stale file and line are not named:\n{stale.stdout[-3000:]}")

check.finish("generated docs: every generated part matches this build; a stale copy fails")
