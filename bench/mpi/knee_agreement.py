#!/usr/bin/env python3
"""Do two results files find the same knees? Issue 33's rule for a faster default: per kernel x detector,
the median knee size over the complete campaigns that found one (all ranks and repeats) within one
geometric step (x1.1) of the reference's, and 95% intervals that overlap (the hull of each side's
campaign intervals).

    bench/mpi/knee_agreement.py REFERENCE.h5 CANDIDATE.h5     # prints one row per kernel x detector

Exit 0 when every row agrees, 1 when one does not, 2 for bad input. Needs h5py and numpy."""
import math
import sys

import h5py
import numpy as np

STEP = 1.1
# Sweep sizes are rounded to the kernel's granularity, so one grid step can be a little over x1.1.
ROUNDING = 1.005


def knees(path):
    """{(kernel, detector): ([knee sizes], [(low, high)])} over complete campaigns with a detected knee."""
    out = {}
    with h5py.File(path, "r") as f:
        for kernel, by_detector in f["campaigns"].items():
            for detector, by_rank in by_detector.items():
                sizes, intervals = out.setdefault((kernel, detector), ([], []))
                for by_repeat in by_rank.values():
                    for c in by_repeat.values():
                        a = c.attrs
                        if not (int(a["complete"]) and int(a["knee_detected"])):
                            continue
                        sizes.append(float(a["knee_size"]))
                        low, high = float(a["knee_low_size"]), float(a["knee_high_size"])
                        if math.isfinite(low) and math.isfinite(high):
                            intervals.append((low, high))
    return out


def hull(intervals):
    return (min(i[0] for i in intervals), max(i[1] for i in intervals)) if intervals else (math.nan, math.nan)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    ref, new = knees(sys.argv[1]), knees(sys.argv[2])
    bad = 0
    print(f"{'kernel':10} {'detector':10} {'ref knee':>10} {'new knee':>10} {'ratio':>6} {'ref 95%':>21} "
          f"{'new 95%':>21}  verdict")
    for key in sorted(set(ref) | set(new)):
        (rs, ri), (ns, ni) = ref.get(key, ([], [])), new.get(key, ([], []))
        (rl, rh), (nl, nh) = hull(ri), hull(ni)
        if not rs and not ns:
            verdict, r_med, n_med, ratio = "no knee in either", math.nan, math.nan, math.nan
        elif not rs or not ns:
            verdict, r_med, n_med, ratio = "KNEE IN ONE ONLY", math.nan, math.nan, math.nan
        else:
            r_med, n_med = float(np.median(rs)), float(np.median(ns))
            ratio = n_med / r_med
            within = 1 / (STEP * ROUNDING) <= ratio <= STEP * ROUNDING
            overlap = not (math.isfinite(rl) and math.isfinite(nl)) or (nl <= rh and rl <= nh)
            verdict = "same" if within and overlap else ("OFF BY MORE THAN x1.1" if not within else "NO OVERLAP")
        bad += verdict not in ("same", "no knee in either")
        print(f"{key[0]:10} {key[1]:10} {r_med:10.0f} {n_med:10.0f} {ratio:6.3f} {rl:10.0f}-{rh:<10.0f} "
              f"{nl:10.0f}-{nh:<10.0f}  {verdict}")
    print(f"{bad} of {len(set(ref) | set(new))} kernel x detector rows disagree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
