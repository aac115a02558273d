#!/usr/bin/env python3
"""Every campaign's knee of a real results file as a small CSV for tests (tests/data/): one row per
(rank, kernel, detector, repeat), what the stability and consensus statistics read of a campaign, and
whether points near its knee missed the noise target:

    rank,kernel,detector,repeat,complete,knee_detected,knee_index,knee_size,knee_quality,knee_low_size,
    knee_high_size,knee_found_fraction,knee_missed,near_missed,detector_params

knee_missed: 1 when the knee's own point missed the noise target (`converged` 0; files without that column:
noise above 0.005, the default --noise-target); near_missed: points within two of the knee's index that
missed it; detector_params: the campaign's, with ';' for ',', only where it is not its detector's usual
one, given in a comment line above (`# params DETECTOR=...`; the regime consensus detects again with them). The points themselves (throughput per size) are in the *_telemetry.csv of bench/health/sweep_points.py.

    bench/compare/extract_knees.py SRC.h5 DST.csv
"""
import collections
import csv
import sys

import h5py
import numpy as np


def missed(sweep):
    return ~sweep["converged"][:].astype(bool) if "converged" in sweep else sweep["noise"][:] > 0.005


def main():
    src, dst = sys.argv[1:3]
    with h5py.File(src, "r") as f, open(dst, "w", newline="") as out:
        params = collections.defaultdict(collections.Counter)
        for kernel in f["campaigns"]:
            for detector, ranks in f["campaigns"][kernel].items():
                for rank in ranks.values():
                    for g in rank.values():
                        params[detector][g.attrs["detector_params"]] += 1
        usual = {detector: counts.most_common(1)[0][0] for detector, counts in params.items()}
        for detector, value in sorted(usual.items()):
            out.write(f"# params {detector}={value}\n")
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["rank", "kernel", "detector", "repeat", "complete", "knee_detected", "knee_index", "knee_size",
                    "knee_quality", "knee_low_size", "knee_high_size", "knee_found_fraction", "knee_missed",
                    "near_missed", "detector_params"])
        for kernel in sorted(f["campaigns"]):
            for detector in sorted(f["campaigns"][kernel]):
                ranks = f["campaigns"][kernel][detector]
                for rank_name in sorted(ranks, key=lambda r: int(r[4:])):
                    for rep_name in sorted(ranks[rank_name], key=lambda r: int(r[6:])):
                        g = ranks[rank_name][rep_name]
                        a = g.attrs
                        miss = missed(f[a["sweep"]] if "sweep" in a else g)
                        i = int(a["knee_index"])
                        w.writerow([rank_name[4:], kernel, detector, rep_name[6:], int(a["complete"]),
                                    int(a["knee_detected"]), i, int(a["knee_size"]), f"{a['knee_quality']:.6g}",
                                    f"{a['knee_low_size']:.8g}", f"{a['knee_high_size']:.8g}",
                                    f"{a['knee_found_fraction']:.4g}", int(miss[i]) if i < len(miss) else 0,
                                    int(np.sum(miss[max(0, i - 2):i + 3])),
                                    "" if a["detector_params"] == usual[detector] else a["detector_params"].replace(",", ";")])


if __name__ == "__main__":
    main()
