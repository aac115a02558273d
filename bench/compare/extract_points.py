#!/usr/bin/env python3
"""Per-point summaries of a real results file as a small CSV for tests (tests/data/): one row per point of
every sweep (a sweep shared by several detectors once), with the knee of one detector's campaign of it:

    rank,kernel,repeat,size,time_mean_s,iterations,noise,knee_size

time_mean_s and noise in 6 significant digits (noise: relative standard error of the mean; the standard
deviation is noise x mean x sqrt(iterations)); no launch times.

    bench/compare/extract_points.py SRC.h5 DST.csv [--ranks 0,1] [--kernels a,b] [--detector kneedle]
"""
import argparse
import csv

import h5py


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--ranks")
    ap.add_argument("--kernels")
    ap.add_argument("--detector", default="kneedle")
    a = ap.parse_args()
    with h5py.File(a.src, "r") as f, open(a.dst, "w", newline="") as out:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["rank", "kernel", "repeat", "size", "time_mean_s", "iterations", "noise", "knee_size"])
        kernels = a.kernels.split(",") if a.kernels else sorted(f["campaigns"])
        for kernel in kernels:
            det = f["campaigns"][kernel][a.detector]
            for rank_name in sorted(det, key=lambda r: int(r[4:])):
                rank = int(rank_name[4:])
                if a.ranks and str(rank) not in a.ranks.split(","):
                    continue
                for rep_name in sorted(det[rank_name], key=lambda r: int(r[6:])):
                    g = det[rank_name][rep_name]
                    s = f[g.attrs["sweep"]] if "sweep" in g.attrs else g  # schema 2: the sweep's points
                    for size, mean, n, noise in zip(s["size"][:], s["time_mean_s"][:], s["iterations"][:], s["noise"][:]):
                        w.writerow([rank, kernel, int(rep_name[6:]), int(size), f"{mean:.6g}", int(n), f"{noise:.6g}",
                                    int(g.attrs["knee_size"])])


if __name__ == "__main__":
    main()
