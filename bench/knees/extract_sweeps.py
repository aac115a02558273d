#!/usr/bin/env python3
"""Small extracts of real sweeps for the regime tests (issue 46): one CSV row per measured size of each
chosen sweep, the union of its campaigns' geometric points (refinement points left out), with the
rank's L2 size, the campaigns' timing and the detector settings they recorded.

    bench/knees/extract_sweeps.py FILE.h5 OUT.csv KERNEL:RANK:REPEAT [...]

Columns: kernel, rank, repeat, timing, l2_bytes, size, throughput, detector_params. Needs h5py."""
import csv
import sys

import h5py


def sweep(f, kernel, rank, repeat):
    points, params, timing = {}, "", ""
    for detector, by_rank in f["campaigns"][kernel].items():
        g = by_rank.get(f"rank{rank}", {}).get(f"repeat{repeat}")
        if g is None:
            continue
        params = str(g.attrs["detector_params"])
        timing = str(g.attrs.get("timing_mode", ""))
        sweep_points = f[str(g.attrs["sweep"])] if "sweep" in g.attrs else g
        sizes, throughput = sweep_points["size"][()], sweep_points["throughput"][()]
        refinement = sweep_points["refinement"][()] if "refinement" in sweep_points else [0] * len(sizes)
        index = g["point_index"][()] if "point_index" in g else range(int(g.attrs["points"]))
        for i in index:
            if not int(refinement[i]):
                points[int(sizes[i])] = float(throughput[i])
    return points, params, timing


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    with h5py.File(sys.argv[1], "r") as f, open(sys.argv[2], "w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["kernel", "rank", "repeat", "timing", "l2_bytes", "size", "throughput", "detector_params"])
        for spec in sys.argv[3:]:
            kernel, rank, repeat = spec.split(":")
            l2 = int(f["devices"][f"rank{rank}"].attrs["l2_bytes"])
            points, params, timing = sweep(f, kernel, int(rank), int(repeat))
            for size in sorted(points):
                w.writerow([kernel, rank, repeat, timing, l2, size, repr(points[size]), params])
    return 0


if __name__ == "__main__":
    sys.exit(main())
