"""`model evaluate --sweep` end to end on a recorded H100 GEMM sweep that probed every configuration at every
size (bench/model/, kept gzipped; the sim backend has no tunables): the replay reads journal/rank0.jsonl.gz,
and the same journal unzipped gives the same replay; a damaged .gz fails naming the file, and a run
directory without a journal is a usage error. The tuner has GEMM's launches on the recorded H100. With
--sweep repeated, the same recording twice replays as once, two H100 recordings replay, and recordings
of two device models are a usage error. A recording with the compiled kernels' resources gives the replay
its blocks per SM."""
import gzip
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402

SCRATCH = scratch("/tmp/evaluate_sweep_test")
check = Checks()



def replay(run_dir):
    return subprocess.run([BIN, "model", "evaluate", "--sweep", run_dir, "--repeats", "2"], capture_output=True, text=True)


recorded = os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "bench", "model", "h100-20261125", "sweeps", "exhaustive-20261125-153402")
run_dir = os.path.join(SCRATCH, "exhaustive")
shutil.copytree(recorded, run_dir)
journal = os.path.join(run_dir, "journal", "rank0.jsonl")

gzipped = replay(run_dir)
check(gzipped.returncode == 0, f"gzipped journal: exit {gzipped.returncode}: {gzipped.stderr}")
sizes = [line.split() for line in gzipped.stdout.splitlines() if line.split() and line.split()[0].isdigit()]
check([int(s[0]) for s in sizes[:3]] == [128, 256, 384] and len(sizes) == 31,
      f"gzipped journal: sizes {[s[0] for s in sizes]}:\n{gzipped.stdout}")
check(all(s[1] == "216" for s in sizes), "gzipped journal: not every size has 216 configurations")
check("of 31 sizes per seed" in gzipped.stdout,
      f"gzipped journal: summary\n{gzipped.stdout}")
# The journal records the H100 (132 SMs, 9.0): the replay's tuner has GEMM's launches on it, as the live one had.
check("one per grid" in gzipped.stdout and "waves and blocks per SM as parameters" in gzipped.stdout,
      f"gzipped journal: the tuner without the launches on the recorded device\n{gzipped.stdout}")

with gzip.open(journal + ".gz", "rb") as g, open(journal, "wb") as f:
    f.write(g.read())
os.remove(journal + ".gz")
plain = replay(run_dir)
check(plain.returncode == 0, f"plain journal: exit {plain.returncode}: {plain.stderr}")
check(plain.stdout == gzipped.stdout, f"plain journal: another replay\n{plain.stdout}\nagainst\n{gzipped.stdout}")
os.remove(journal)

with open(journal + ".gz", "wb") as g:
    g.write(b"\x1f\x8b not really gzip")
damaged = replay(run_dir)
check(damaged.returncode == 1 and "rank0.jsonl.gz" in damaged.stderr and "gzip" in damaged.stderr,
      f"damaged .gz: exit {damaged.returncode}: {damaged.stderr}")

# Several recordings: each probe drawn from one of them. The same recording twice replays as once (every
# draw gives the same time); another H100 recording is accepted; one from another device model is not.
def replay_rows(stdout):
    return [line for line in stdout.splitlines() if line.split() and line.split()[0].isdigit()]


def replay_many(*run_dirs):
    args = [a for d in run_dirs for a in ("--sweep", d)]
    return subprocess.run([BIN, "model", "evaluate", *args, "--repeats", "2"], capture_output=True, text=True)


shutil.copytree(recorded, run_dir, dirs_exist_ok=True)
once = replay(run_dir)
twice = replay_many(run_dir, run_dir)
check(twice.returncode == 0 and "in 2 sweeps" in twice.stdout, f"the same sweep twice: exit {twice.returncode}: {twice.stderr}{twice.stdout}")
check(replay_rows(twice.stdout) == replay_rows(once.stdout) and replay_rows(once.stdout),
      f"the same sweep twice: another table\n{twice.stdout}\nagainst\n{once.stdout}")
other = os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "bench", "model", "h100-20261125", "sweeps", "exhaustive-20261125-184717")
two = replay_many(run_dir, other)
check(two.returncode == 0 and "of 31 sizes per seed" in two.stdout and len(replay_rows(two.stdout)) == 31,
      f"two H100 recordings: exit {two.returncode}: {two.stderr}{two.stdout}")
h200 = os.path.join(SCRATCH, "h200")
shutil.copytree(recorded, h200)
with gzip.open(os.path.join(h200, "journal", "rank0.jsonl.gz"), "rt") as f:
    text = f.read()
with gzip.open(os.path.join(h200, "journal", "rank0.jsonl.gz"), "wt") as f:
    f.write(text.replace("NVIDIA H100 80GB HBM3", "NVIDIA H200"))
mixed = replay_many(run_dir, h200)
check(mixed.returncode == 2 and "NVIDIA H200" in mixed.stderr and "one device model" in mixed.stderr,
      f"recordings of two device models: exit {mixed.returncode}: {mixed.stderr}")

# Blocks per SM: the older recordings have no compiled resources (the kernel's estimate stands in); one
# that recorded them (tune_resources) gives them to the replay, also when it is not the first recording.
check("blocks per SM from the kernel's resource estimate" in once.stdout, f"an older recording: {once.stdout}")
compiled_dir = os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "bench", "model", "h100-20261126", "0047-compiled-resources",
                            "exhaustive")
compiled = os.path.join(compiled_dir, os.listdir(compiled_dir)[0])
with_compiled = replay_many(run_dir, compiled)
check(with_compiled.returncode == 0 and "blocks per SM from the compiled kernels' registers and shared memory recorded in "
      + os.path.join(compiled, "journal", "rank0.jsonl") in with_compiled.stdout,
      f"a recording with compiled resources: exit {with_compiled.returncode}: {with_compiled.stderr}{with_compiled.stdout}")

missing = replay(os.path.join(SCRATCH, "no-such-run"))
check(missing.returncode == 2 and "rank0.jsonl.gz" in missing.stderr, f"no journal: exit {missing.returncode}: {missing.stderr}")

check.finish("ok")
