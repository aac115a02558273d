#!/usr/bin/env python3
"""Knee refinement benchmark: the adaptive sweep (and refinement on the thesis sweep) against the
thesis-faithful fixed 1.1 sweep on the sim backend, per kernel x sim model x detector.

Runs the real binary (one rank, sim backend) once per sim model and mode (thesis; adaptive; thesis with
refinement to 2%; a fine sweep 1% apart as a reference), every kernel and detector, several repeats
(seeds 1..N), reads each result file back with `autobench-mpi report --format json` and prints a Markdown
table: measured sizes and knee size per mode (medians over the repeats), the worst ratio of sizes, the
deviation of the median adaptive knee from the median thesis knee, and whether the goal holds: a knee on
every repeat, the median knees within 10% in size, at most 30% of the thesis sweep's sizes on every
repeat.

    python3 bench/refinement/refinement_bench.py --binary build/suite/autobench-mpi [--repeats 9] [--out DIR]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

MODELS = ["RTX 4000 Ada", "RTX 5000 Ada", "H100 SXM"]
KERNELS = ["vecadd", "gemm", "fp32"]
MODES = {
    "thesis": [],  # geometric, factor 1.1, no refinement
    "adaptive": ["--sweep", "adaptive"],  # factor 2, then refinement to 5%
    "refined": ["--refine-precision", "0.02"],  # thesis sweep + refinement to 2%
    "fine": ["--scale-factor", "1.01"],  # reference: every size 1% apart
}
GOAL_KNEE, GOAL_SIZES = 0.10, 0.30


def run(binary, out, model, mode, detectors, repeats):
    directory = os.path.join(out, mode + "-" + model.replace(" ", "_"))
    command = [binary, "--backend", "sim", "--sim-device", model, "--kernels", ",".join(KERNELS),
               "--detectors", ",".join(detectors), "--repeats", str(repeats), "--output", directory, "-q",
               *MODES[mode]]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (path,) = glob.glob(os.path.join(directory, "*", "autobench.h5"))
    report = subprocess.run([binary, "report", path, "--format", "json"], check=True, capture_output=True,
                            text=True).stdout
    return json.loads(report), command


def detectors_of(binary):
    listing = subprocess.run([binary, "list"], check=True, capture_output=True, text=True).stdout
    names, section = [], False
    for line in listing.splitlines():
        if line.lower().startswith("detectors"):
            section = True
            continue
        if section:
            if not line.startswith(" "):
                break
            names.append(line.split()[0])
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--out", default=None, help="directory for the result files (default: a temporary one)")
    parser.add_argument("--detectors", default=None, help="comma-separated (default: every registered one)")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="refinement-bench-")
    detectors = args.detectors.split(",") if args.detectors else detectors_of(args.binary)

    campaigns = {}  # (mode, kernel, model, detector, repeat) -> campaign
    for model in MODELS:
        for mode in MODES:
            report, command = run(args.binary, out, model, mode, detectors, args.repeats)
            if model == MODELS[0] and mode != "thesis":
                print("command (" + mode + "): " + " ".join(repr(c) if " " in c else c for c in command),
                      file=sys.stderr)
            for c in report["campaigns"]:
                campaigns[(mode, c["kernel"], model, c["detector"], c["repeat"])] = c

    print("| kernel | sim model | detector | sizes thesis | sizes adaptive | adaptive/thesis (worst) | knee thesis "
          "| thesis spread | knee adaptive | vs thesis | repeats within 10% | knee fine 1.01 | adaptive vs fine "
          "| sizes refined | knee refined | goal |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    met = {}
    for kernel in KERNELS:
        for model in MODELS:
            for detector in detectors:
                per = {mode: [campaigns[(mode, kernel, model, detector, r)] for r in range(args.repeats)]
                       for mode in MODES}
                med = lambda mode, key: statistics.median(c[key] for c in per[mode])
                thesis_knee, adaptive_knee = med("thesis", "knee_size"), med("adaptive", "knee_size")
                worst_ratio = max(a["points"] / t["points"] for t, a in zip(per["thesis"], per["adaptive"]))
                within = sum(abs(a["knee_size"] / t["knee_size"] - 1) <= GOAL_KNEE
                             for t, a in zip(per["thesis"], per["adaptive"]))
                knees = [c["knee_size"] for c in per["thesis"]]
                spread = max(knees) / min(knees) - 1
                deviation = adaptive_knee / thesis_knee - 1
                detected = all(c["knee_detected"] for mode in ("thesis", "adaptive") for c in per[mode])
                ok = detected and worst_ratio <= GOAL_SIZES and abs(deviation) <= GOAL_KNEE
                met.setdefault(detector, []).append(ok)
                print(f"| {kernel} | {model} | {detector} | {med('thesis', 'points'):.0f} "
                      f"| {med('adaptive', 'points'):.0f} | {100 * worst_ratio:.0f}% | {thesis_knee:.0f} "
                      f"| {100 * spread:.0f}% | {adaptive_knee:.0f} | {100 * deviation:+.1f}% "
                      f"| {within}/{args.repeats} | {med('fine', 'knee_size'):.0f} "
                      f"| {100 * (adaptive_knee / med('fine', 'knee_size') - 1):+.1f}% "
                      f"| {med('refined', 'points'):.0f} | {med('refined', 'knee_size'):.0f} "
                      f"| {'met' if ok else 'missed'} |")
    print()
    rows = sum(len(v) for v in met.values())
    print(f"goal met (knee detected on every repeat, median adaptive knee within 10% of the median thesis knee, "
          f"at most 30% of the thesis sizes on every repeat): {sum(sum(v) for v in met.values())} of {rows} rows")
    for detector, oks in met.items():
        print(f"- {detector}: {sum(oks)} of {len(oks)}")
    print(f"(sizes and knees: medians over {args.repeats} repeats; thesis spread: largest / smallest thesis knee "
          f"over the repeats - 1; result files under {out})")


if __name__ == "__main__":
    main()
