#!/usr/bin/env python3
"""False positives of `compare`'s A/B verdicts: PAIRS pairs of independent sim runs of one device model
(seeds 1..2*PAIRS, one rank each), every pair compared at the default 2 % threshold and at threshold 0
(where any interval that excludes 1 decides, so the rate shows the interval's own miss rate, nominally
5 %). Sim only: the figures describe the statistic, not a GPU.

    bench/compare/false_positives.py BINARY PAIRS OUT_DIR [RUN OPTIONS...]

Prints one JSON object: the files (pair i: files 2i and 2i+1), per threshold the count of each verdict
over every (pair, kernel, region) and the false-positive rate (SLOWER + FASTER over the verdicts), and
the wall time."""
import json
import os
import subprocess
import sys
import time
from collections import Counter


def sim_run(binary, out_dir, seed, options):
    cmd = [binary, "--backend", "sim", "--sim-device", "RTX 4000 Ada", "--suite", "quick", "--seed", str(seed),
           "--output", os.path.join(out_dir, f"seed{seed}"), "-q", *options]
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return p.stdout.strip().splitlines()[-1]


def verdicts(binary, a, b, threshold):
    p = subprocess.run([binary, "compare", a, b, "--threshold", str(threshold), "--format", "json"],
                       capture_output=True, text=True, check=True)
    return [row["verdict"] for row in json.loads(p.stdout)["ab"]["rows"] if row["verdict"] is not None]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    binary, pairs, out_dir, options = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    start = time.time()
    files = [sim_run(binary, out_dir, seed, options) for seed in range(1, 2 * pairs + 1)]
    result = {"pairs": pairs, "run_options": options, "files": files}
    for threshold in (2, 0):
        counts = Counter()
        for i in range(pairs):
            counts.update(verdicts(binary, files[2 * i], files[2 * i + 1], threshold))
        total = sum(counts.values())
        result[f"threshold_{threshold}"] = {"verdicts": total, "counts": dict(sorted(counts.items())),
                                            "false_positive_rate": (counts["SLOWER"] + counts["FASTER"]) / total}
    result["wall_s"] = round(time.time() - start, 1)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
