#!/usr/bin/env python3
"""False SLOWER/FASTER rates and power of `compare`'s A/B verdicts on real results files, by running the
real binary (nothing is recomputed here):

  nulls, healthy file: every pair of ranks (--a-rank I --b-rank J), and every split of one rank's repeats
         into two groups (3 against 2 with 5 repeats: --a-repeats/--b-repeats);
  nulls, slowed file: every pair of its ranks other than the slowed one;
  power, slowed file: every other rank against the slowed one: the share of regions called SLOWER, per
         region (below knee, knee, plateau);
  one sweep against one: repeat K of rank I against repeat K of rank J (healthy pairs), the |log ratio| per
         region (UNREPLICATED rows): its 95th percentile and the share beyond the "likely" margin.

    bench/compare/real_rates.py BINARY HEALTHY.h5 [SLOWED.h5 SLOW_RANK] [--unconverged drop|keep]
                                [--threshold PERCENT] [--max-splits N]

Prints one JSON object (counts per verdict, rates, and the regions called SLOWER or FASTER in the nulls)."""
import argparse
import itertools
import json
import math
import subprocess
import time
from collections import Counter

import h5py


def ranks_and_repeats(path):
    """rank -> sorted repeats that have campaigns."""
    out = {}
    with h5py.File(path, "r") as f:
        for kernel in f["campaigns"].values():
            for detector in kernel.values():
                for rank_name, rank in detector.items():
                    out.setdefault(int(rank_name[4:]), set()).update(int(r[6:]) for r in rank)
    return {r: sorted(v) for r, v in sorted(out.items())}


def rows(binary, path, args, options):
    p = subprocess.run([binary, "compare", path, *args, "--format", "json", *options], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"compare {path} {' '.join(args)}: {p.stderr.strip()}")
    return [r for r in json.loads(p.stdout)["ab"]["rows"] if r["verdict"] is not None]


def tally(results):
    counts = Counter(r["verdict"] for _, r in results)
    total = sum(counts.values())
    decided = counts["SLOWER"] + counts["FASTER"]
    return {"verdicts": total, "counts": dict(sorted(counts.items())),
            "false_rate": round(decided / total, 4) if total else None,
            "false_calls": [f"{what}: {r['kernel']} {r['region']} {r['verdict']} {r['ratio']:.4f} "
                            f"[{r['ratio_low']:.4f}, {r['ratio_high']:.4f}] missed target {r['unconverged_a']}/"
                            f"{r['unconverged_b']}" for what, r in results if r["verdict"] in ("SLOWER", "FASTER")]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("healthy")
    ap.add_argument("slowed", nargs="?")
    ap.add_argument("slow_rank", nargs="?", type=int)
    ap.add_argument("--unconverged", default="drop", choices=["drop", "keep"])
    ap.add_argument("--threshold", default="2")
    ap.add_argument("--max-splits", type=int, default=10, help="repeat splits per rank at most")
    a = ap.parse_args()
    options = ["--unconverged", a.unconverged, "--threshold", a.threshold]
    start = time.time()
    out = {"healthy": a.healthy, "slowed": a.slowed, "slow_rank": a.slow_rank, "options": options}

    layout = ranks_and_repeats(a.healthy)
    pairs = []
    for i, j in itertools.combinations(layout, 2):
        pairs += [(f"ranks {i}/{j}", r) for r in rows(a.binary, a.healthy, ["--a-rank", str(i), "--b-rank", str(j)], options)]
    out["healthy_rank_pairs"] = tally(pairs)

    splits = []
    for rank, repeats in layout.items():
        half = len(repeats) // 2
        for n, b in enumerate(itertools.combinations(repeats, half)):
            if n >= a.max_splits:
                break
            rest = [r for r in repeats if r not in b]
            args = ["--a-rank", str(rank), "--b-rank", str(rank), "--a-repeats", ",".join(map(str, rest)),
                    "--b-repeats", ",".join(map(str, b))]
            splits += [(f"rank {rank} {rest}/{list(b)}", r) for r in rows(a.binary, a.healthy, args, options)]
    out["same_gpu_repeat_splits"] = tally(splits)

    singles = []
    for i, j in itertools.combinations(layout, 2):
        for k in sorted(set(layout[i]) & set(layout[j])):
            args = ["--a-rank", str(i), "--b-rank", str(j), "--a-repeats", str(k), "--b-repeats", str(k)]
            singles += [abs(math.log(r["ratio"])) for r in rows(a.binary, a.healthy, args, options)]
    singles.sort()
    if singles:
        margin = math.log1p(0.05)
        out["one_sweep_against_one"] = {
            "regions": len(singles),
            "abs_log_ratio_p95": round(singles[int(0.95 * (len(singles) - 1))], 5),
            "abs_log_ratio_max": round(singles[-1], 5),
            "share_beyond_5_percent": round(sum(s > margin for s in singles) / len(singles), 4)}

    if a.slowed is not None:
        slowed_layout = ranks_and_repeats(a.slowed)
        healthy_ranks = [r for r in slowed_layout if r != a.slow_rank]
        nulls = []
        for i, j in itertools.combinations(healthy_ranks, 2):
            nulls += [(f"ranks {i}/{j}", r)
                      for r in rows(a.binary, a.slowed, ["--a-rank", str(i), "--b-rank", str(j)], options)]
        out["slowed_file_healthy_pairs"] = tally(nulls)
        power = {}  # region -> verdict counts
        ratios = {}
        for i in healthy_ranks:
            for r in rows(a.binary, a.slowed, ["--a-rank", str(i), "--b-rank", str(a.slow_rank)], options):
                power.setdefault(r["region"], Counter())[r["verdict"]] += 1
                ratios.setdefault(f"{r['kernel']} {r['region']}", []).append(round(r["ratio"], 4))
        out["power_on_slowed_rank"] = {
            region: {"verdicts": sum(c.values()), "counts": dict(sorted(c.items())),
                     "slower_share": round(c["SLOWER"] / sum(c.values()), 4)} for region, c in sorted(power.items())}
        out["power_on_slowed_rank"]["ratios"] = ratios
    out["wall_s"] = round(time.time() - start, 1)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
