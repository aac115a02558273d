#!/usr/bin/env bash
# Knee stability with each smoothing, rerun offline on a recorded results file (no GPU): `detect` replays
# every campaign's sweep with the run's settings and the given --smoothing, and the summary gives per
# detector the knee index of every repeat, the mode (the smallest most frequent index), how many repeats
# lie within ±1 of it and the knee-size CV, as bench/knees/gpu_knees.sh does for a run.
#   bench/knees/offline_smoothing.sh [RESULTS_FILE]   (default: the H100 vecadd run in h100-20261123-vecadd/)
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${AUTOBENCH_BINARY:-$SRC/build/suite/autobench-mpi}
H5=${1:-$SRC/bench/knees/h100-20261123-vecadd/autobench.h5}
for smoothing in none spline saturating; do
  echo "--smoothing $smoothing"
  "$BIN" detect --input "$H5" --detector kneedle,triangle --smoothing "$smoothing" --format json | python3 -c '
import json, statistics, sys
doc = json.load(sys.stdin)
knees = {}
for c in doc["curves"]:
    for r in c["results"]:
        if r["detector"] == c["campaign"]["detector"]:  # each campaign replayed with its own detector
            knees.setdefault((c["campaign"]["kernel"], r["detector"]), []).append((c["campaign"]["repeat"], r))
for (kernel, detector), rs in sorted(knees.items()):
    rs.sort(key=lambda t: t[0])
    idx = [r["knee_index"] for _, r in rs]
    found = [k for k in idx if k is not None]  # a repeat without a knee counts as not within 1
    mode = min(set(found), key=lambda m: (-found.count(m), m)) if found else None
    sizes = [r["knee_x"] for _, r in rs if r["knee_x"] is not None]
    cv = statistics.pstdev(sizes) / statistics.mean(sizes) if sizes else float("nan")
    shown = " ".join("-" if k is None else str(k) for k in idx)
    print(f"  {kernel:7} {detector:9} indices {shown:20} mode {str(mode):>4}  "
          f"within1 {sum(abs(k - mode) <= 1 for k in found)}/{len(idx)}  size_cv {cv:.3f}")
'
done
