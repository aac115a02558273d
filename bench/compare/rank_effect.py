#!/usr/bin/env python3
"""Which is slower at launch-bound sizes, a rank or a GPU? Two results files of the same two GPUs, driven
once as (rank 0 = GPU 0, rank 1 = GPU 1) and once swapped (bench/health/gpu_real_files.sh OUT ranks:
ranks-01.h5 and ranks-10.h5). Per kernel, size band and repeat, the mean over the band's sizes of
log(time rank 1 / time rank 0); with d01 and d10 the means over repeats of the two files,

    rank effect  (rank 1 against rank 0) = (d01 + d10) / 2
    GPU effect   (GPU 1 against GPU 0)   = (d01 - d10) / 2

printed as ratios (1.0 = none), with the spread over repeats.

    bench/compare/rank_effect.py RANKS01.h5 RANKS10.h5
"""
import sys

import h5py
import numpy as np

BANDS = [(0, 1 << 16), (1 << 16, 1 << 20), (1 << 20, 1 << 23), (1 << 25, 1 << 40)]


def sweeps(path):
    """(kernel, rank, repeat) -> size -> mean time (the first detector's campaigns; sweeps are shared)."""
    out = {}
    with h5py.File(path, "r") as f:
        for kernel, detectors in f["campaigns"].items():
            detector = next(iter(detectors.values()))
            for rank_name, rank in detector.items():
                for rep_name, g in rank.items():
                    s = f[g.attrs["sweep"]] if "sweep" in g.attrs else g
                    out[(kernel, int(rank_name[4:]), int(rep_name[6:]))] = dict(zip(s["size"][:], s["time_mean_s"][:]))
    return out


def band_diffs(data, kernel, lo, hi):
    """Per repeat: mean over the band's sizes measured by both ranks of log(rank 1 / rank 0)."""
    out = []
    for (k, rank, rep), a in data.items():
        if k != kernel or rank != 0 or (k, 1, rep) not in data:
            continue
        b = data[(k, 1, rep)]
        sizes = [s for s in a if s in b and lo <= s < hi]
        if sizes:
            out.append(np.mean([np.log(b[s] / a[s]) for s in sizes]))
    return np.array(out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    d01, d10 = sweeps(sys.argv[1]), sweeps(sys.argv[2])
    print("kernel  sizes                    rank 1/rank 0 (01, 10)   rank effect 1/0   GPU effect 1/0")
    for kernel in sorted({k for k, _, _ in d01}):
        for lo, hi in BANDS:
            x, y = band_diffs(d01, kernel, lo, hi), band_diffs(d10, kernel, lo, hi)
            if not len(x) or not len(y):
                continue
            rank, gpu = (x.mean() + y.mean()) / 2, (x.mean() - y.mean()) / 2
            print(f"{kernel:7s} [{lo:>9d}, {hi:>13d})  {np.exp(x.mean()):.4f} {np.exp(y.mean()):.4f}"
                  f"   {np.exp(rank):.4f}            {np.exp(gpu):.4f}   (repeat sd {np.std(np.r_[x, y], ddof=1):.4f})")


if __name__ == "__main__":
    main()
