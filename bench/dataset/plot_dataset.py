#!/usr/bin/env python3
"""Log2-time histograms of a dataset.h5 before and after the IQR refinement (bench/dataset/README.md).

usage: plot_dataset.py DATASET_H5 OUT_DIR
Writes OUT_DIR/iqr_histogram.png (when matplotlib is present) and prints, per decade of time, the counts
before (sampled configurations) and after (with the IQR additions) and the goal check: every decade
between the smallest and largest time covered, none above 3x the median decade count.
"""
import math
import statistics
import sys

import h5py


def decades(times):
    counts = {}
    for t in times:
        d = math.floor(math.log10(t))
        counts[d] = counts.get(d, 0) + 1
    lo, hi = min(counts), max(counts)
    return {d: counts.get(d, 0) for d in range(lo, hi + 1)}


def check(name, counts):
    values = list(counts.values())
    median = statistics.median(values)
    worst = max(values)
    ok = min(values) > 0 and worst <= 3 * median
    print(f"{name}: decades {len(values)}, empty {sum(v == 0 for v in values)}, median {median:g}, "
          f"max {worst} ({worst / median if median else float('inf'):.2f}x median): goal {'met' if ok else 'NOT met'}")


def main():
    path, out = sys.argv[1], sys.argv[2]
    with h5py.File(path, "r") as f:
        s = f["samples"]
        ok = s["verified"][:] == 1
        t_us = s["time_median_s"][:][ok] * 1e6
        origin = [o.decode() if isinstance(o, bytes) else o for o in s["origin"][:]]
        origin = [o for o, keep in zip(origin, ok) if keep]
        device = f["devices/rank0"].attrs["name"]
    before = [t for t, o in zip(t_us, origin) if o == "sampled"]
    b, a = decades(before), decades(t_us)
    print(f"{path}: {len(t_us)} verified configurations on {device}, {len(t_us) - len(before)} added by IQR")
    print("decade (us)      before    after")
    for d in sorted(a):
        print(f"[1e{d}, 1e{d + 1})  {b.get(d, 0):8d} {a[d]:8d}")
    check("before", b)
    check("after", a)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no figure")
        return
    lo = math.floor(math.log2(min(t_us)))
    hi = math.ceil(math.log2(max(t_us)))
    bins = [lo + i * 0.25 for i in range(int((hi - lo) / 0.25) + 1)]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharex=True)
    for ax, data, title in ((axes[0], before, "sampled (2:5:3 regimes)"), (axes[1], list(t_us), "after --balance iqr")):
        ax.hist([math.log2(t) for t in data], bins=bins, color="tab:blue")
        for d in range(math.floor(lo / math.log2(10)), math.ceil(hi / math.log2(10)) + 1):
            ax.axvline(d * math.log2(10), color="grey", lw=0.5, ls=":")
        ax.set_xlim(bins[0], bins[-1])
        ax.set_title(f"{title}: {len(data)} configurations")
        ax.set_xlabel("log2(time / us)  (dotted: decades)")
    axes[0].set_ylabel("configurations")
    fig.suptitle(f"autobench-mpi dataset on {device}")
    fig.tight_layout()
    fig.savefig(f"{out}/iqr_histogram.png", dpi=120)
    print(f"wrote {out}/iqr_histogram.png")


if __name__ == "__main__":
    main()
