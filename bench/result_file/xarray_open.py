#!/usr/bin/env python3
"""How fast xarray (h5netcdf) reads a results file: one sweep group, the dimension-name lookups h5netcdf
makes (h5py's `file[ref].name`, HDF5's name search), and (--datatree) the whole file or run as one tree;
prints wall and CPU seconds and the dimensions xarray saw.

    bench/result_file/xarray_open.py RESULTS.h5|RUN_DIR [--datatree]

A run written in parts (RUN_DIR/autobench.h5 with RUN_DIR/parts/rank<R>.h5) is read at its parts, joined
as docs/tidy.md shows (xarray does not follow the root's external links); a single file is read whole.
Recorded in docs/tidy.md ("xarray: how fast"). Needs xarray and h5netcdf (tests/requirements.txt).
"""
import glob
import os
import sys
import time
import warnings

import h5py
import xarray as xr


def files_of(path):
    """The files xarray opens: a run's parts, or the file itself."""
    root = os.path.join(path, "autobench.h5") if os.path.isdir(path) else path
    parts = sorted(glob.glob(os.path.join(os.path.dirname(root), "parts", "rank*.h5")))
    with h5py.File(root, "r") as f:
        return parts if f.attrs.get("layout") == "parts" else [root]


class Clock:
    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_):
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def __str__(self):
        return f"{self.wall:.2f} s wall, {self.cpu:.2f} s CPU"


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--datatree"):
        sys.stderr.write("usage: xarray_open.py RESULTS.h5|RUN_DIR [--datatree]\n")
        return 2
    files = files_of(sys.argv[1])
    sweeps, objects, refs = [], 0, []
    for path in files:
        with h5py.File(path, "r") as f:
            sweeps += [(path, f"sweeps/{rank}/{s}") for rank in f["sweeps"] for s in f["sweeps"][rank]]
            names = []
            f.visit(names.append)
            objects += len(names)
    print(f"{sys.argv[1]}: {len(files)} file(s), {len(sweeps)} sweep groups, {objects} HDF5 objects; "
          f"xarray {xr.__version__}")
    path, group = sweeps[0]
    with Clock() as c:
        ds = xr.open_dataset(path, engine="h5netcdf", group=group).load()
    print(f"one sweep ({group}): {c}, dims {dict(ds.sizes)}, coords {list(ds.coords)}")
    with h5py.File(files[0], "r") as f:
        refs = []
        f.visititems(lambda _, o: refs.append(o.attrs["DIMENSION_LIST"][0][-1])
                     if isinstance(o, h5py.Dataset) and "DIMENSION_LIST" in o.attrs else None)
        with Clock() as c:
            found = {f[r].name.split("/")[1] for r in refs}
    print(f"{files[0]}: {len(refs)} dimension-name lookups (h5py file[ref].name): {c}, found under {found}")
    if len(sys.argv) == 3:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            with Clock() as c:
                groups = {p: ds for f in files
                          for p, ds in xr.open_groups(f, engine="h5netcdf").items() if p != "/" or len(files) == 1}
                tree = xr.DataTree.from_dict(groups)
            print(f"whole {'run' if len(files) > 1 else 'file'} as one tree: {c}, {len(list(tree.subtree))} nodes")
            with Clock() as c:
                xr.open_datatree(files[0], engine="h5netcdf")
            print(f"open_datatree of {files[0]}: {c}")
        for message in sorted({str(w.message)[:120] for w in seen}):
            print("warning:", message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
