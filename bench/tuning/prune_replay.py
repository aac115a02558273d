#!/usr/bin/env python3
"""Replays --tune-prune over the tuning probes of a sweep that timed every configuration at every size.

For each ratio: the GPU time the search tuner would have spent on probes (1 warm-up + 3 timed launches per
configuration, each taken at the probe's median), the configurations dropped, and every size where the
fastest configuration still timed is more than 2 % slower than the fastest of all (a miss). The rule is
suite/autoscale/config_pruning.cpp's: dropped once more than RATIO x the fastest and no closer than at the
size before. Input: a run's journal (journal/rank0.jsonl, or .gz) or this folder's *-probes.jsonl.gz.
  bench/tuning/prune_replay.py JOURNAL [RATIO ...]        (default ratios 2 4 8 16)
"""
import gzip, json, sys


def sweeps(path):
    """Each sweep's points as (size, {configuration: probe seconds}), in the order they were measured."""
    opener = gzip.open if path.endswith(".gz") else open
    out = {}
    with opener(path, "rt") as f:
        for line in f:
            j = json.loads(line)
            p = j.get("point", j)
            if j.get("type", "point") != "point" or not p.get("tune_probes"):
                continue
            probes = {c: float(t) for c, t in (x.rsplit("@", 1) for x in p["tune_probes"].split(";"))}
            out.setdefault(j.get("kernel", "?"), []).append((p["size"], probes))
    return out


def replay(points, ratio, launches_per_probe=4):
    dropped, last, spent, full, misses = set(), {}, 0.0, 0.0, []
    for size, probes in points:
        fastest = min(probes.values())
        live = {c: t for c, t in probes.items() if c not in dropped}
        full += launches_per_probe * sum(probes.values())
        spent += launches_per_probe * sum(live.values())
        best = min(live.values())
        if best > 1.02 * fastest:
            misses.append((size, best / fastest))
        slowdown = {c: t / best for c, t in live.items()}
        for c, s in slowdown.items():
            if ratio > 0 and s > ratio and c in last and s >= last[c]:
                dropped.add(c)
        last.update(slowdown)
    return spent, full, dropped, misses


if __name__ == "__main__":
    ratios = [float(r) for r in sys.argv[2:]] or [2, 4, 8, 16]
    for kernel, points in sweeps(sys.argv[1]).items():
        print(f"{kernel}: {len(points)} sizes, {len(points[0][1])} configurations at the first")
        for r in ratios:
            spent, full, dropped, misses = replay(points, r)
            worst = max((m for _, m in misses), default=1.0)
            print(f"  --tune-prune {r:g}: probes {spent:8.2f} s of {full:8.2f} s ({100 * spent / full:5.1f} %), "
                  f"{len(dropped)} dropped, {len(misses)} sizes more than 2 % off the fastest (worst {worst:.3f})")
