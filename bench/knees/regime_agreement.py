#!/usr/bin/env python3
"""Do the detectors agree within each L2 regime? (issue 46) Per kernel and regime, each detector's median
knee over the sweeps of the chosen ranks, and the spread: largest median / smallest median.

    bench/knees/regime_agreement.py BINARY FILE.h5 [--ranks 0,1,2] [--json OUT.json]

Runs `BINARY detect --input FILE.h5 --format json` once and keeps, for every campaign, the finding of the
detector that campaign ran with (its own sweep, its own settings): one knee per detector, sweep and
regime (`single` without an L2 hump; `cache` and `memory` with one: each detector on that regime's sizes).
Next to it the whole-curve knees the run recorded (today's answer, the campaigns' `knee_size` where
`knee_status` is found), so the table shows the spread before and after. A detector with no knee in a
regime in more than half of the sweeps has no median there ("-"; the count says how many sweeps found one).
Exit 0 when every kernel and regime with two or more medians spreads at most 2x, 1 otherwise, 2 for bad
input. Needs h5py."""
import argparse
import json
import math
import statistics
import subprocess
import sys

import h5py

GOAL = 2.0


def recorded(path, ranks):
    """{kernel: {detector: [whole-curve knee size the run recorded, None where not found]}}, timing per kernel."""
    out, timing = {}, {}
    with h5py.File(path, "r") as f:
        for kernel, by_detector in f["campaigns"].items():
            for detector, by_rank in by_detector.items():
                for rank_name, by_repeat in by_rank.items():
                    if ranks is not None and int(rank_name[4:]) not in ranks:
                        continue
                    for c in by_repeat.values():
                        a = c.attrs
                        timing[kernel] = str(a.get("timing_mode", ""))
                        if not int(a["complete"]):
                            continue
                        found = str(a.get("knee_status", "")) == "found"
                        out.setdefault(kernel, {}).setdefault(detector, []).append(
                            float(a["knee_size"]) if found else None)
    return out, timing


def regime_knees(binary, path, ranks):
    """{(kernel, regime): {detector: [knee sizes or None per sweep]}} from `detect --format json`."""
    report = json.loads(subprocess.run([binary, "detect", "--input", path, "--format", "json"], check=True,
                                       capture_output=True, text=True).stdout)
    out = {}
    for curve in report["curves"]:
        c = curve["campaign"]
        if ranks is not None and c["rank"] not in ranks:
            continue
        for r in curve["results"]:
            if r["detector"] != c["detector"]:
                continue
            # counted as the run counts knees: inside the curve (a regime's edges give none already), at
            # least half its plateau
            inside = r["knee_index"] is not None and 0 < r["knee_index"] < curve["points"] - 1
            found = inside and (r["plateau_fraction"] is None or r["plateau_fraction"] >= 0.5)
            out.setdefault((c["kernel"], r["regime"]), {}).setdefault(r["detector"], []).append(
                r["knee_x"] if found else None)
    return out


def median_of(sizes):
    found = [s for s in sizes if s is not None]
    return statistics.median(found) if found and 2 * len(found) > len(sizes) else math.nan


def spread(medians):
    m = [v for v in medians if math.isfinite(v)]
    return max(m) / min(m) if len(m) >= 2 else math.nan


def size_text(v):
    return "-" if not math.isfinite(v) else f"{v / 1e6:.3g} M" if v >= 1e5 else f"{v:.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("file")
    ap.add_argument("--ranks", help="comma-separated ranks whose sweeps count (default: all)")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()
    ranks = None if not a.ranks else {int(r) for r in a.ranks.split(",")}
    before, timing = recorded(a.file, ranks)
    after = regime_knees(a.binary, a.file, ranks)
    detectors = sorted({d for by in after.values() for d in by})
    print("| kernel | timing | regime | " + " | ".join(detectors) + " | largest / smallest |")
    print("|---|---|---|" + "---|" * len(detectors) + "---|")
    figures, worst = [], 0.0
    for kernel in sorted(before):
        medians = {d: median_of(before[kernel].get(d, [])) for d in detectors}
        rows = [("whole curve (recorded)", medians,
                 {d: sum(s is not None for s in before[kernel].get(d, [])) for d in detectors})]
        for regime in ("single", "cache", "memory"):
            by = after.get((kernel, regime))
            if not by:
                continue
            rows.append((regime, {d: median_of(by.get(d, [])) for d in detectors},
                         {d: sum(s is not None for s in by.get(d, [])) for d in detectors}))
        for regime, med, counts in rows:
            s = spread(list(med.values()))
            if regime != "whole curve (recorded)" and math.isfinite(s):
                worst = max(worst, s)
            cells = [size_text(med[d]) for d in detectors]
            print(f"| {kernel} | {timing.get(kernel, '')} | {regime} | " + " | ".join(cells) +
                  f" | {'-' if not math.isfinite(s) else f'{s:.2f}x'} |")
            figures.append({"kernel": kernel, "timing": timing.get(kernel, ""), "regime": regime,
                            "medians": {d: (med[d] if math.isfinite(med[d]) else None) for d in detectors},
                            "found": counts, "spread": s if math.isfinite(s) else None})
    print(f"\nlargest spread within a regime: {worst:.2f}x (goal: at most {GOAL:g}x)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=1)
    return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
