#!/usr/bin/env python3
"""Measurement noise of a `model` space: the same points measured twice (two model.h5 files of one space,
e.g. gpu_model.sh steps 1 and 1b), per size: mean, p90 and max of |t_a / t_b - 1| over the points.
  bench/model/noise.py A.h5 B.h5
"""
import sys

import h5py
import numpy as np


def times(path):
    """{(parameter values..., size): median time} over the file's training and held-out points."""
    with h5py.File(path, "r") as f:
        names = sorted(k for k in f["training"].keys() if k != "time_s")
        out = {}
        for group in ("training", "test"):
            g = f[group]
            columns = [g[n][:] for n in names]
            for i, t in enumerate(g["time_s"][:]):
                out[tuple(c[i] for c in columns)] = t
        return names, out


names, a = times(sys.argv[1])
_, b = times(sys.argv[2])
size = names.index("size")
common = sorted(set(a) & set(b))
print(f"{len(common)} points in both files")
for s in sorted({k[size] for k in common}):
    r = np.array([abs(a[k] / b[k] - 1) for k in common if k[size] == s])
    median_ms = 1e3 * np.median([a[k] for k in common if k[size] == s])
    print(f"size {int(s):>6}: {len(r)} points, median {median_ms:.4f} ms; |a/b - 1| mean {100 * r.mean():.2f} %, "
          f"p90 {100 * np.percentile(r, 90):.2f} %, max {100 * r.max():.2f} %")
