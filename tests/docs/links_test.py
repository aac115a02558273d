"""scripts/docs/links.py: every relative link of README.md, CONTRIBUTING.md and docs/*.md resolves (files
and heading anchors), and on a small tree it names a missing file, a missing anchor and a link out of
the repository, while links in code and to pages other branches are adding do not count."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import Checks, scratch  # noqa: E402

SOURCE = os.environ["AUTOBENCH_SOURCE_DIR"]
LINKS = os.path.join(SOURCE, "scripts", "docs", "links.py")
SCRATCH = scratch("/tmp/links_test")
check = Checks()


def links(root):
    return subprocess.run([sys.executable, LINKS, "--root", root], capture_output=True, text=True)


tree = links(SOURCE)
check(tree.returncode == 0, f"broken links in the documentation:\n{tree.stdout}{tree.stderr}")

os.makedirs(os.path.join(SCRATCH, "docs"))
os.makedirs(os.path.join(SCRATCH, "bench", "mpi"))
open(os.path.join(SCRATCH, "bench", "mpi", "figure.png"), "w").close()
with open(os.path.join(SCRATCH, "README.md"), "w") as f:
    f.write("# Tool\n\n## A first run\n\n![figure](bench/mpi/figure.png) [run](#a-first-run) "
            "[gone](bench/mpi/gone.png)\n[options](docs/options.md#every-subcommands---help) "
            "[install](docs/install.md)\n`[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n")
open(os.path.join(SCRATCH, "docs", "install.md"), "w").close()
with open(os.path.join(SCRATCH, "docs", "options.md"), "w") as f:
    f.write("# Options\n\n## Every subcommand's `--help`\n\n[back](../README.md#a-first-run) "
            "[wrong](../README.md#second-run) [out](../../etc/passwd)\n")
bad = links(SCRATCH)
check(bad.returncode == 1, f"a tree with broken links passed:\n{bad.stdout}")
for expected in ["README.md:5: (bench/mpi/gone.png): no file bench/mpi/gone.png",
                 "docs/options.md:5: (../README.md#second-run): no heading with anchor #second-run in README.md",
                 "docs/options.md:5: (../../etc/passwd): points outside the repository",
                 "links.py: 3 broken link(s)"]:
    check(expected in bad.stdout, f"missing '{expected}' in:\n{bad.stdout}")
for ignored in ["nowhere.md", "install.md", "figure.png", "#a-first-run)", "every-subcommands"]:
    check(ignored not in bad.stdout, f"'{ignored}' reported although it resolves or is code:\n{bad.stdout}")

check.finish("links: the documentation's relative links resolve; broken files, anchors and escapes are named")
