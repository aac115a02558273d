#!/usr/bin/env python3
"""Which is slower at launch-bound sizes, a rank or a GPU? Two results files of the same two GPUs, driven
once as (rank 0 = GPU 0, rank 1 = GPU 1) and once swapped (bench/health/gpu_real_files.sh OUT ranks:
ranks-01.h5 and ranks-10.h5). Per kernel, size band and repeat, the mean over the band's sizes of
log(time rank 1 / time rank 0); with d01 and d10 the means over repeats of the two files,

    rank effect  (rank 1 against rank 0) = (d01 + d10) / 2
    GPU effect   (GPU 1 against GPU 0)   = (d01 - d10) / 2

printed as ratios (1.0 = none), with the spread over repeats; then per file and rank the band's median
launch time (the median over its points of each point's median launch, us) and its points that missed the
noise target (`converged` 0; files without it: noise above 0.005), which is where host jitter shows.

    bench/compare/rank_effect.py RANKS01.h5 RANKS10.h5
"""
import sys

import h5py
import numpy as np

BANDS = [(0, 1 << 16), (1 << 16, 1 << 20), (1 << 20, 1 << 23), (1 << 25, 1 << 40)]


def sweeps(path, column="time_mean_s"):
    """(kernel, rank, repeat) -> size -> `column` (the first detector's campaigns; sweeps are shared); the
    column "missed" is 1 where the point missed the noise target."""
    out = {}
    with h5py.File(path, "r") as f:
        for kernel, detectors in f["campaigns"].items():
            detector = next(iter(detectors.values()))
            for rank_name, rank in detector.items():
                for rep_name, g in rank.items():
                    s = f[g.attrs["sweep"]] if "sweep" in g.attrs else g
                    if column != "missed":
                        values = s[column][:]
                    elif "converged" in s:
                        values = 1 - s["converged"][:].astype(int)
                    else:
                        values = (s["noise"][:] > 0.005).astype(int)
                    out[(kernel, int(rank_name[4:]), int(rep_name[6:]))] = dict(zip(s["size"][:], values))
    return out


def per_rank(path):
    """Per kernel, band and rank: median launch time (us) and points that missed the noise target."""
    medians, missed = sweeps(path, "time_median_s"), sweeps(path, "missed")
    out = {}
    for (kernel, rank, _), points in medians.items():
        for lo, hi in BANDS:
            m = out.setdefault((kernel, lo, rank), [[], 0, 0])
            m[0] += [t for s, t in points.items() if lo <= s < hi]
    for (kernel, rank, rep), points in missed.items():
        for lo, hi in BANDS:
            m = out[(kernel, lo, rank)]
            m[1] += sum(v for s, v in points.items() if lo <= s < hi)
            m[2] += sum(1 for s in points if lo <= s < hi)
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
    for path in sys.argv[1:]:
        print(f"{path}: median launch (us) and points that missed the noise target, rank 0 | rank 1")
        stats = per_rank(path)
        for kernel, lo, rank in sorted(stats):
            if rank == 0 and (kernel, lo, 1) in stats and stats[(kernel, lo, 0)][2]:
                (t0, m0, n0), (t1, m1, n1) = stats[(kernel, lo, 0)], stats[(kernel, lo, 1)]
                print(f"  {kernel:7s} sizes >= {lo:>9d}: {np.median(t0) * 1e6:8.3f} | {np.median(t1) * 1e6:8.3f} us"
                      f"   missed {m0}/{n0} | {m1}/{n1}")

if __name__ == "__main__":
    main()
