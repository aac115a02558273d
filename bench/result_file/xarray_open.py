#!/usr/bin/env python3
"""How fast xarray (h5netcdf) reads a results file: one sweep group, the first 20, and (--datatree) the
whole file with xr.open_datatree; prints seconds and the dimensions xarray saw.

    bench/result_file/xarray_open.py RESULTS.h5 [--datatree]

Recorded in docs/tidy.md ("xarray: how fast"). Needs xarray and h5netcdf (tests/requirements.txt).
"""
import sys
import time
import warnings

import h5py
import xarray as xr


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--datatree"):
        sys.stderr.write("usage: xarray_open.py RESULTS.h5 [--datatree]\n")
        return 2
    path = sys.argv[1]
    with h5py.File(path, "r") as f:
        groups = [f"sweeps/{rank}/{sweep}" for rank in f["sweeps"] for sweep in f["sweeps"][rank]]
        objects = []
        f.visit(objects.append)
    print(f"{path}: {len(groups)} sweep groups, {len(objects)} HDF5 objects; xarray {xr.__version__}")
    start = time.perf_counter()
    ds = xr.open_dataset(path, engine="h5netcdf", group=groups[0]).load()
    print(f"one sweep ({groups[0]}): {time.perf_counter() - start:.3f} s, dims {dict(ds.sizes)}, "
          f"coords {list(ds.coords)}")
    start = time.perf_counter()
    for group in groups[:20]:
        xr.open_dataset(path, engine="h5netcdf", group=group).load()
    print(f"{min(20, len(groups))} sweeps: {time.perf_counter() - start:.2f} s")
    if len(sys.argv) == 3:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            start = time.perf_counter()
            tree = xr.open_datatree(path, engine="h5netcdf")
            print(f"open_datatree: {time.perf_counter() - start:.1f} s, {len(list(tree.subtree))} nodes")
        for message in sorted({str(w.message)[:120] for w in seen}):
            print("warning:", message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
