"""xarray reads a run written in parts through its root: docs/tidy.md's line, xr.open_datatree(ROOT) with
xarray's default engine (netcdf4, netCDF-C, which follows the root's external links into the parts), gives
one tree holding every rank's devices, sweeps and campaigns, with real dimension names and no phony one
anywhere: each sweep's per-point columns on `size` (its coordinate, the sizes h5py reads) and
launch_times_s its own; /time_split and /summary/ranks on `rank`; /stability, /consensus and the other
/summary tables on `row` (netCDF's dimension without a variable); no warning; values equal to h5py's.
And for xarray's h5netcdf engine, which names a dimension by HDF5's search for the scale's path (walking
the links from the root in storage order): each part's first link is /sweeps_size, and the search names
every sweep column's dimension /sweeps_size/rank<R>/<sweep>/size, the sweep's own `size` (docs/tidy.md)."""
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
import numpy as np  # noqa: E402
import xarray as xr  # noqa: E402
import netCDF4  # noqa: E402,F401  (xarray's default engine when installed: netcdf4)

RANKS = 2
out = subprocess.run(["mpirun", "-n", str(RANKS), "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                      "--output", os.path.join(SCRATCH, "xarray"), "-q"], capture_output=True, text=True, check=True)
root = out.stdout.strip().splitlines()[-1]
problems = []

# docs/tidy.md's block, on this run.
docs = open(os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "docs", "tidy.md")).read()
blocks = [b for b in re.findall(r"```python\n(.*?)```", docs, re.DOTALL) if "xr.open_datatree(" in b]
if len(blocks) != 1 or '"RUN/autobench.h5"' not in blocks[0]:
    sys.exit(f"FAIL: docs/tidy.md: expected one block opening \"RUN/autobench.h5\" with xr.open_datatree, found {blocks}")
names = {}
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    exec(blocks[0].replace('"RUN/autobench.h5"', repr(root)), names)
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

checked = 0
with h5py.File(root, "r") as f:  # h5py follows the root's links too
    for rank in want:
        for name, g in f["sweeps"][rank].items():
            node = tree[f"sweeps/{rank}/{name}"].to_dataset(inherit=False)
            checked += 1
            if set(node.sizes) != {"size", "launch_times_s"} or node["size"].values.tolist() != g["size"][:].tolist() \
                    or any(v.dims != ("size",) for n, v in node.data_vars.items() if n != "launch_times_s"):
                problems.append(f"sweeps/{rank}/{name}: dims {dict(node.sizes)}, coords {list(node.coords)}")
            if not np.array_equal(node["throughput"].values, g["throughput"][:]):
                problems.append(f"sweeps/{rank}/{name}: throughput differs from h5py's")
    for table, dim, column in (("time_split", "rank", "wall_s"), ("summary/ranks", "rank", "points"),
                               ("summary/campaigns", "row", "knee_index"), ("summary/sweeps", "row", "repeat"),
                               ("stability/vecadd/kneedle", "row", "knees_found"), ("consensus/vecadd", "row", "voters")):
        node = tree[table].to_dataset(inherit=False)
        if list(node.sizes) != [dim] or not np.array_equal(node[column].values, f[table][column][:]):
            problems.append(f"/{table}: dims {dict(node.sizes)}, expected only {dim}; {column} as h5py's")
    if list(tree["time_split"]["rank"].values) != list(range(RANKS)):
        problems.append(f"/time_split: rank coordinate {tree['time_split']['rank'].values}")
for part in sorted(glob.glob(os.path.join(os.path.dirname(root), "parts", "rank*.h5"))):
    with h5py.File(part, "r") as f:
        walk = []  # HDF5's storage ("native") order, the order of its name search
        f.id.links.visit(lambda n: walk.append(n.decode()), idx_type=h5.INDEX_NAME, order=h5.ITER_NATIVE)
        (rank,) = f["sweeps"]
        for name, g in f["sweeps"][rank].items():
            alias = f"/sweeps_size/{rank}/{name}/size"
            if walk[0] != "sweeps_size" or walk.index(alias[1:]) > 2 * len(f["sweeps"][rank]) + 1:
                problems.append(f"{part}: {alias} is not met within 2 objects per sweep of the name search")
            named = {f[d.attrs["DIMENSION_LIST"][0][-1]].name for c, d in g.items() if c not in ("size", "launch_times_s")}
            if named != {alias} or f[alias] != g["size"]:
                problems.append(f"{part}: the columns of {g.name} name their dimension {named}, expected {alias}")
if checked != 2 * RANKS:
    problems.append(f"{checked} sweeps checked, expected {2 * RANKS} (quick suite: 2 kernels a rank)")

for problem in problems:
    print("FAIL:", problem)
print(f"{checked} sweeps of {RANKS} ranks checked through {root}, {len(list(tree.subtree))} nodes in the tree")
sys.exit(1 if problems else 0)
