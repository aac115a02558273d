#!/usr/bin/env python3
"""How fast xarray reads a results file as one tree, with its engine netcdf4 (netCDF-C: the default when the
netCDF4 package is installed) or h5netcdf; prints wall and CPU seconds, the tree's nodes, which ranks'
sweeps it holds and the nodes with phony dimensions (a table without a dimension scale).

    bench/result_file/xarray_open.py RESULTS.h5|RUN_DIR [--engine netcdf4|h5netcdf]

netcdf4 opens the file (a run's root RUN_DIR/autobench.h5 with its parts, through the root's external
links: docs/tidy.md's one line). h5netcdf does not follow external links: a run written in parts is read
at its parts, joined into one tree; a single file is read whole. Recorded in docs/tidy.md ("xarray: how
fast"). Needs xarray, netCDF4 and h5netcdf (tests/requirements.txt).
"""
import glob
import os
import sys
import time
import warnings

import h5py
import xarray as xr


class Clock:
    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_):
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def __str__(self):
        return f"{self.wall:.2f} s wall, {self.cpu:.2f} s CPU"


def open_tree(root, engine):
    """The whole file or run as one DataTree, as docs/tidy.md shows it for the engine."""
    with h5py.File(root, "r") as f:
        parts = f.attrs.get("layout") == "parts"
    if engine == "netcdf4" or not parts:
        return xr.open_datatree(root, engine=engine)
    files = sorted(glob.glob(os.path.join(os.path.dirname(root), "parts", "rank*.h5")))
    return xr.DataTree.from_dict({p: ds for f in files for p, ds in xr.open_groups(f, engine=engine).items()
                                  if p != "/"})


def main():
    args = sys.argv[1:]
    engine = "netcdf4"
    if len(args) == 3 and args[1] == "--engine" and args[2] in ("netcdf4", "h5netcdf"):
        engine = args[2]
    elif len(args) != 1:
        sys.stderr.write("usage: xarray_open.py RESULTS.h5|RUN_DIR [--engine netcdf4|h5netcdf]\n")
        return 2
    root = os.path.join(args[0], "autobench.h5") if os.path.isdir(args[0]) else args[0]
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with Clock() as c:
            tree = open_tree(root, engine)
    phony = sorted({"/" + n.path.split("/")[1] for n in tree.subtree
                    if any(d.startswith("phony_dim") for d in n.dataset.sizes)})
    ranks = sorted(tree["sweeps"].children) if "sweeps" in tree else []
    print(f"{root}: xarray {xr.__version__}, engine {engine}: {c}, {len(list(tree.subtree))} nodes, "
          f"sweeps of {ranks}; phony dimensions under {phony or 'none'}")
    for message in sorted({str(w.message)[:120] for w in seen}):
        print("warning:", message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
