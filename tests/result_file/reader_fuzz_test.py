"""A fuzz test of the results file reader: mutants of a small good sim results file, each dataset's and
attribute's type, shape, value and links changed (and whole groups deleted, linked or duplicated), are read
by report (text, JSON, HTML), export, compare and detect under a time and a memory limit. The promises:
exit 0 or 2, never a signal or a hang; on exit 2 one line on stderr and no output left behind; on exit 0
whole output (JSON that parses, an export with its summary.json). The mutants are drawn with a fixed seed
and tried, each at most once, in rounds that take one target (drawn with a fixed seed) for every kind of
mutation, until a time budget is spent (AUTOBENCH_FUZZ_SECONDS, 120 s by default: CI's 2 cores). AUTOBENCH_FUZZ_SEED draws other mutants, to explore."""
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, damaged_copy, good_results_file, scratch  # noqa: E402

import h5py  # noqa: E402  tests/requirements.txt
import numpy as np  # noqa: E402

SCRATCH = scratch("/tmp/autobench-reader-fuzz-test")
check = Checks()
GOOD = good_results_file(SCRATCH)
BUDGET = float(os.environ.get("AUTOBENCH_FUZZ_SECONDS", "120"))
SEED = int(os.environ.get("AUTOBENCH_FUZZ_SEED", "20261127"))  # another seed explores other mutants
MEMORY = 2 << 30  # bytes of address space per command
SECONDS = 20      # per command; a good file takes a fraction of a second


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# What the good file holds: every dataset, every attribute (of groups and datasets) and every group.
DATASETS, ATTRIBUTES, GROUPS = [], [], []
with h5py.File(GOOD, "r") as f:
    def visit(name, obj):
        (DATASETS if isinstance(obj, h5py.Dataset) else GROUPS).append("/" + name)
        ATTRIBUTES.extend(("/" + name, a) for a in obj.attrs if a not in ("DIMENSION_LIST", "REFERENCE_LIST", "CLASS", "NAME"))
    f.visititems(visit)
    ATTRIBUTES.extend(("/", a) for a in f.attrs)

STRINGS = ["", "\x1b]0;owned\x07\x1b[2J", "[" * 100_000, "x" * 200_000, "not json {", "\n"]
NUMBERS = [-1, 0, 1, 2**31, 2**62, -2**63, float("nan"), float("inf"), -float("inf"), 1e308, -1e-308]


def replace_dataset(f, path, data=None, **create):
    parent, name = f[path].parent, path.rsplit("/", 1)[1]
    del parent[name]
    if data is None:
        parent.create_dataset(name, **create)
    else:
        parent[name] = data


def dataset_mutations(path):
    """(name, change) pairs for the dataset at `path`."""
    def typed(dtype):
        def change(f):
            n = f[path].shape[0] if f[path].shape else 1
            replace_dataset(f, path, np.zeros(n, dtype=dtype) if dtype != "str" else np.array(["a"] * n, dtype=object))
        return change

    def shaped(kind):
        def change(f):
            values = f[path][()]
            if kind == "empty":
                values = values[:0]
            elif kind == "longer":
                values = np.concatenate([values, values[-1:] if len(values) else values])
            elif kind == "shorter":
                values = values[:-1]
            elif kind == "2-D":
                values = np.stack([values, values], axis=1)
            elif kind == "scalar":
                values = values[0] if len(values) else 0
            replace_dataset(f, path, values)
        return change

    def valued(value):
        def change(f):
            values = f[path][()].copy()
            if not len(values):
                return
            if values.dtype.kind == "O":
                values[random.randrange(len(values))] = value if isinstance(value, str) else str(value)
            else:
                try:
                    values[random.randrange(len(values))] = value
                except (OverflowError, ValueError):
                    return
            replace_dataset(f, path, values)
        return change

    def linked(kind):
        def change(f):
            parent, name = f[path].parent, path.rsplit("/", 1)[1]
            other = random.choice(DATASETS)
            del parent[name]
            if kind == "soft":
                parent[name] = h5py.SoftLink(other)
            elif kind == "dangling":
                parent[name] = h5py.SoftLink("/nowhere")
            elif kind == "external":
                parent[name] = h5py.ExternalLink(random.choice(["/dev/zero", GOOD, "/nonexistent.h5"]), other)
            else:
                parent[name] = f[other]  # a hard link to another dataset
        return change

    out = [(f"type {t}", typed(t)) for t in ("f8", "f4", "i8", "u1", "i1", "str")]
    out += [(f"shape {k}", shaped(k)) for k in ("empty", "longer", "shorter", "2-D", "scalar")]
    out += [(f"value {v!r}"[:40], valued(v)) for v in NUMBERS + STRINGS[:3]]
    out += [(f"link {k}", linked(k)) for k in ("soft", "dangling", "external", "hard")]
    out += [("unwritten 1e9", lambda f: replace_dataset(f, path, shape=(10**9,), dtype=f[path].dtype)),
            ("deleted", lambda f: f[path].parent.__delitem__(path.rsplit("/", 1)[1]))]
    return out


def attribute_mutations(obj, name):
    def set_to(value):
        def change(f):
            f[obj].attrs[name] = value
        return change

    out = [(f"value {v!r}"[:40], set_to(np.int64(v) if isinstance(v, int) else np.float64(v))) for v in NUMBERS]
    out += [(f"string {s!r}"[:40], set_to(s)) for s in STRINGS]
    out += [("array", set_to(np.array([1, 2], dtype=np.int64))), ("strings", set_to(np.array(["a", "b"], dtype=object))),
            ("deleted", lambda f: f[obj].attrs.__delitem__(name))]
    return out


def group_mutations(path):
    def change(kind):
        def apply(f):
            parent, name = f[path].parent, path.rsplit("/", 1)[1]
            sibling = random.choice(GROUPS)
            if kind == "deleted":
                del parent[name]
            elif kind == "soft":
                del parent[name]
                parent[name] = h5py.SoftLink(sibling)
            elif kind == "twice":
                parent[name + "_again"] = f[path]  # the same group under a second name
            elif kind == "renamed":
                parent.move(name, name + "9")
        return apply

    return [(kind, change(kind)) for kind in ("deleted", "soft", "twice", "renamed")]


# Every (target, mutation) once, in rounds: each round takes one target, drawn with the fixed seed, for every
# kind of mutation, so that a short budget still tries every kind; targets alternate between what every
# reader reads (a sweep's points, a campaign's attributes, the root's) and the rest.
random.seed(SEED)
KINDS = {}
for target, mutations in ([(f"dataset {p}", dataset_mutations(p)) for p in DATASETS] +
                          [(f"attribute {o}@{a}", attribute_mutations(o, a)) for o, a in ATTRIBUTES] +
                          [(f"group {p}", group_mutations(p)) for p in GROUPS if p != "/"]):
    for name, change in mutations:
        KINDS.setdefault(target.split()[0] + " " + name, []).append((target, (name, change)))
CORE = ("dataset /sweeps", "attribute /sweeps/rank0/vecadd_repeat0@", "attribute /campaigns", "attribute /@", "group /campaigns")
for kind, targets in KINDS.items():  # the points, campaigns and root first, then one of the rest, in turn
    random.shuffle(targets)
    core = [t for t in targets if t[0].startswith(CORE)]
    rest = [t for t in targets if not t[0].startswith(CORE)]
    KINDS[kind] = [t for pair in zip(core, rest) for t in pair] + core[len(rest):] + rest[len(core):]
MUTANTS = [kind[i] for i in range(max(map(len, KINDS.values()))) for kind in KINDS.values() if i < len(kind)]


def promise(args, what, out=None):
    """Runs one reader on a mutant and checks the promises; returns the exit code (None: a hang)."""
    try:
        p = subprocess.run([BIN, *args], capture_output=True, text=True, errors="replace", timeout=SECONDS,
                           preexec_fn=limited)
    except subprocess.TimeoutExpired:
        check(False, f"{what}: autobench-mpi {' '.join(args)}: no answer in {SECONDS} s")
        return None
    where = f"{what}: autobench-mpi {' '.join(args)}"
    lines = p.stderr.strip().splitlines()
    check(p.returncode in (0, 2), f"{where}: exit {p.returncode} (a signal when negative): {p.stderr[-600:]!r}")
    if p.returncode == 2:
        check(len(lines) == 1, f"{where}: exit 2 with {len(lines)} lines: {p.stderr[-600:]!r}")
        check(out is None or not os.path.exists(out) or not os.listdir(out), f"{where}: exit 2 left output in {out}")
    if p.returncode == 0 and "json" in args:
        try:
            json.loads(p.stdout)
        except ValueError:
            check(False, f"{where}: exit 0 with JSON that does not parse")
    if p.returncode == 0 and out is not None:
        check(os.path.exists(os.path.join(out, "summary.json")), f"{where}: exit 0 without summary.json")
    return p.returncode


start = time.monotonic()
tried = refused = 0
for target, (mutation, change) in MUTANTS:
    if time.monotonic() - start > BUDGET:
        break
    what = f"{target} {mutation}"
    path = os.path.join(SCRATCH, "mutant.h5")
    try:
        damaged_copy(GOOD, path, change)
    except (KeyError, ValueError, TypeError, OSError):
        continue  # a mutation h5py cannot make on this object
    out = os.path.join(SCRATCH, "export")
    shutil.rmtree(out, ignore_errors=True)
    runs = [(["report", path],), (["report", "--format", "json", path],), (["export", path, "--output", out], out),
            (["compare", path, GOOD],), (["detect", "--input", path],)]
    if tried % 10 == 0:  # the HTML report starts python (seconds): every tenth mutant
        runs.append((["report", "--format", "html", path],))
    with ThreadPoolExecutor(max_workers=3) as pool:
        codes = list(pool.map(lambda r: promise(r[0], what, *r[1:]), runs))
    tried += 1
    refused += codes[0] == 2

check(tried >= min(len(MUTANTS), 20), f"only {tried} mutants in {BUDGET:.0f} s (of {len(MUTANTS)})")
check.finish(f"ok: {tried} of {len(MUTANTS)} mutants (seed {SEED}, {time.monotonic() - start:.0f} s; "
             f"{refused} refused by report; {len(KINDS)} kinds of mutation), each through report (text, JSON; HTML every "
             "tenth), export, compare and detect")
