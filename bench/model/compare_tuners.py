#!/usr/bin/env python3
"""Compares GEMM sweeps' tuner choices size by size, from their journals (gpu_model.sh step 3c).
  bench/model/compare_tuners.py OUT EXHAUSTIVE TUNED [--reference REFERENCE ...]
EXHAUSTIVE, TUNED and REFERENCE name sweep directories under OUT, or anywhere when absolute (each holds
*/journal/rank0.jsonl[.gz]).
Per size three ratios of the tuned sweep's choice:
  - ratio: its measured time over the exhaustive sweep's (two processes: at ~15 us a launch they differ
    by up to 3 % for one configuration);
  - probe ratio: the exhaustive sweep's probe of it over that sweep's fastest probe (one process; what
    `model evaluate --sweep` replays), as noisy as the exhaustive sweep's short probes;
  - with --reference, reference ratio: the reference sweep's probe of it over the fastest there. The
    reference is an exhaustive sweep with long probes (REFERENCE=33 in gpu_model.sh: the median of 33
    launches reproduces within 0.2-0.3 % between processes, bench/model/noise.py), so it tells which
    configuration is the exhaustive best more surely than the tuner sweeps themselves. The exhaustive
    sweep's own choices are judged by it too. A single reference still has outliers (a configuration
    whose launch ends in a partial wave can run 4-7 % slower for a while), so --reference may be given
    several times (other runs' references too): each is scaled per size to their common median, and a
    configuration's reference time is its median over them.
A configuration the reference dropped (--tune-prune: over 8x its fastest) counts as a miss.
"""
import argparse
import glob
import gzip
import json
import math
import os
from statistics import median


def campaign(out, kind):
    """The finished campaign of sweep `kind`, else the points its stopped sweep journaled (elapsed unknown)."""
    points = []
    for path in glob.glob(os.path.join(out, kind, "*", "journal", "rank0.jsonl*")):
        for line in (gzip.open(path, "rt") if path.endswith(".gz") else open(path)):
            j = json.loads(line)
            if j.get("type") == "campaign":
                return j["campaign"]
            if j.get("type") == "point":
                points.append(j["point"])
    print(f"{kind}: the sweep did not finish; {len(points)} journaled sizes")
    return {"points": points, "elapsed_s": float("nan")} if points else None


def probes(point):
    """{configuration: probe time} of the point's search."""
    return {c: float(t) for c, t in (item.split("@") for item in point["tune_probes"].split(";"))}


def reference_probes(references):
    """{size: {configuration: median over the references}}, each reference scaled per size to their common median."""
    out = {}
    for size in set.intersection(*(set(p["size"] for p in r["points"]) for r in references)):
        runs = [probes(next(p for p in r["points"] if p["size"] == size)) for r in references]
        common = median([median(run.values()) for run in runs])
        scaled = [{c: t * common / median(run.values()) for c, t in run.items()} for run in runs]
        out[size] = {c: median([run[c] for run in scaled if c in run]) for c in set().union(*scaled)}
    return out


def ratio(point_probes, config):
    return point_probes.get(config, math.inf) / min(point_probes.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("exhaustive")
    parser.add_argument("tuned")
    parser.add_argument("--reference", action="append", default=[])
    args = parser.parse_args()
    ex, mo = campaign(args.out, args.exhaustive), campaign(args.out, args.tuned)
    references = [campaign(args.out, r) for r in args.reference]
    if not ex or not mo or not all(references):
        raise SystemExit("a sweep measured nothing")
    ex_points = {p["size"]: p for p in ex["points"]}
    ref = reference_probes(references) if references else None
    common = [p for p in mo["points"] if p["size"] in ex_points and (not ref or p["size"] in ref)]
    judged = {"runs' times": [], "exhaustive run's probes": []}
    if ref:
        what = "reference probes" if len(references) == 1 else f"median of {len(references)} references' probes"
        judged[what] = []
        judged[f"{what}, the exhaustive sweep's own choice"] = []
    timed = space = 0
    print(f"{'size':>6} {'exhaustive ms':>14} {'model ms':>9} {'ratio':>6} {'probe ratio':>11}"
          + (f" {'reference':>9} {'exh. ref':>8}" if ref else "") + f" {'timed':>6}  model's configuration")
    for p in common:
        e = ex_points[p["size"]]
        row = [p["time_mean_s"] / e["time_mean_s"], ratio(probes(e), p["tunables"])]
        if ref:
            row += [ratio(ref[p["size"]], p["tunables"]), ratio(ref[p["size"]], e["tunables"])]
        for values, value in zip(judged.values(), row):
            values.append((value, p["size"]))
        timed += p["tune_measured"]
        space += e["tune_measured"]
        print(f"{p['size']:>6} {e['time_mean_s'] * 1e3:>14.4f} {p['time_mean_s'] * 1e3:>9.4f} {row[0]:>6.3f} "
              f"{row[1]:>11.3f}" + (f" {row[2]:>9.3f} {row[3]:>8.3f}" if ref else "")
              + f" {p['tune_measured']:>6}  {p['tunables']}")
    print(f"sizes compared: {len(common)}")
    for measure, values in judged.items():
        misses = ", ".join(f"{size} ({value:.3f})" for value, size in values if value > 1.02) or "none"
        print(f"within 2 % by the {measure}: {sum(v <= 1.02 for v, _ in values)} of {len(values)} "
              f"(worst {max(v for v, _ in values):.3f}); misses: {misses}")
    print(f"configurations timed: model {timed} of the exhaustive {space} ({100 * timed / max(space, 1):.1f} %)")
    print(f"sweep time: exhaustive {ex['elapsed_s']:.1f} s, model {mo['elapsed_s']:.1f} s "
          f"({ex['elapsed_s'] / max(mo['elapsed_s'], 1e-9):.2f}x faster); sizes: {len(ex['points'])} vs "
          f"{len(mo['points'])}")


if __name__ == "__main__":
    main()
