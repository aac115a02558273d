"""xarray reads a run written in parts: docs/tidy.md's block joins every rank's part (parts/rank<R>.h5) into
one DataTree holding every rank, with real dimension names (each per-point column on `size`, its coordinate
with the file's sizes; launch_times_s its own), no phony dimension and no warning. Each part's root has
/sweeps_size as its first link in HDF5's storage order (the order its name search walks) and every column's
dimension reference resolves through HDF5's name search (h5py's file[ref].name, as h5netcdf asks) to
/sweeps_size/rank<R>/<sweep>/size, the sweep's own `size` object, met within two objects per sweep: the
search that made open_datatree quadratic in the file's objects (bench/result_file/xarray_open.py)."""
import glob
import os
import re
import subprocess
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import BINARY, SCRATCH  # noqa: E402

import h5py  # noqa: E402  (tests/requirements.txt: missing is a failure, not a skip)
from h5py import h5  # noqa: E402
import xarray as xr  # noqa: E402
import h5netcdf  # noqa: E402,F401  (xarray's engine)

RANKS = 2
out = subprocess.run(["mpirun", "-n", str(RANKS), "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                      "--output", os.path.join(SCRATCH, "xarray"), "-q"], capture_output=True, text=True, check=True)
root = out.stdout.strip().splitlines()[-1]
run_dir = os.path.dirname(root)
problems = []
sizes = {}  # (rank, sweep) -> the sizes h5py reads
parts = sorted(glob.glob(os.path.join(run_dir, "parts", "rank*.h5")))
if len(parts) != RANKS:
    problems.append(f"{len(parts)} parts in {run_dir}, expected {RANKS}")
for part in parts:
    with h5py.File(part, "r") as f:
        walk = []  # HDF5's storage ("native") order, the order of H5Iget_name's search
        f.id.links.visit(lambda n: walk.append(n.decode()), idx_type=h5.INDEX_NAME, order=h5.ITER_NATIVE)
        if not walk or walk[0] != "sweeps_size":
            problems.append(f"{part}: the root's first link in storage order is {walk[:1]}, expected sweeps_size")
        (rank,) = f["sweeps"]
        for name, g in f["sweeps"][rank].items():
            sizes[(rank, name)] = g["size"][:].tolist()
            alias = f"/sweeps_size/{rank}/{name}/size"
            if alias.lstrip("/") not in walk or walk.index(alias.lstrip("/")) > 2 * len(f["sweeps"][rank]) + 1:
                problems.append(f"{part}: {alias} is not met within 2 objects per sweep of the name search")
            resolved = {column: f[d.attrs["DIMENSION_LIST"][0][-1]] for column, d in g.items()
                        if column not in ("size", "launch_times_s")}
            wrong = {c: s.name for c, s in resolved.items() if s.name != alias or s != g["size"]}
            if wrong or len(resolved) < 30:
                problems.append(f"{part}: of {len(resolved)} columns of {g.name}, these resolve elsewhere than "
                                f"{alias}: {wrong}")

# docs/tidy.md's block, on this run.
docs = open(os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "docs", "tidy.md")).read()
blocks = [b for b in re.findall(r"```python\n(.*?)```", docs, re.DOTALL) if "xr.DataTree.from_dict" in b]
if len(blocks) != 1 or not re.search(r'^run = "[^"]*"', blocks[0], re.MULTILINE):
    sys.exit(f"FAIL: docs/tidy.md: expected one xarray block setting run = \"...\", found {blocks}")
names = {}
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    exec(re.sub(r'^run = "[^"]*"', f"run = {run_dir!r}", blocks[0], flags=re.MULTILINE), names)
tree = names["tree"]
if seen:
    problems.append(f"xarray warned: {sorted({str(w.message)[:120] for w in seen})}")
want = {f"rank{r}" for r in range(RANKS)}
if set(tree["sweeps"].children) != want or set(tree["devices"].children) != want:
    problems.append(f"the tree's sweeps {set(tree['sweeps'].children)}, devices {set(tree['devices'].children)}, "
                    f"expected {want}")
for kernel in tree["campaigns"].children.values():
    for detector in kernel.children.values():
        if set(detector.children) != want:
            problems.append(f"{detector.path} holds {set(detector.children)}, expected {want}")
for node in tree.subtree:
    if any(d.startswith("phony_dim") for d in node.dataset.sizes):
        problems.append(f"{node.path}: phony dimensions {dict(node.dataset.sizes)}")
for (rank, name), values in sizes.items():
    node = tree[f"sweeps/{rank}/{name}"].to_dataset(inherit=False)
    if set(node.sizes) != {"size", "launch_times_s"} or node["size"].values.tolist() != values or \
            any(v.dims != ("size",) for n, v in node.data_vars.items() if n != "launch_times_s"):
        problems.append(f"sweeps/{rank}/{name}: dims {dict(node.sizes)}, coords {list(node.coords)}")
if len(sizes) != 2 * RANKS:
    problems.append(f"{len(sizes)} sweeps in the parts, expected {2 * RANKS} (quick suite: 2 kernels a rank)")

for problem in problems:
    print("FAIL:", problem)
print(f"{len(sizes)} sweeps of {len(parts)} parts checked, {len(list(tree.subtree))} nodes in the tree")
sys.exit(1 if problems else 0)
