#!/usr/bin/env python3
"""L2 regimes end to end (docs/knees.md "Regimes"): a warm triad sweep on the sim RTX 4000 Ada (48 MB L2)
has a hump; the results file holds each campaign's `regime`, peak and fall-out and one consensus row per
regime; `report --format json`, `detect --format json` and the tidy export carry them; cold timing has one
regime; a file from before regimes (the attributes and columns removed with h5py) reads with its regimes
and consensus computed again from the points."""
import csv
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import SCRATCH, campaigns, copy_results, run  # noqa: E402

import h5py  # noqa: E402

problems = []
shutil.rmtree(SCRATCH, ignore_errors=True)
L2 = 48 * 2**20


def sim(name, *timing):
    out, _ = run("--backend", "sim", "--sim-device", "RTX 4000 Ada", "--kernels", "triad", "--detectors",
                 "triangle,kneedle,lmethod", "--repeats", "1", "--output", os.path.join(SCRATCH, name), "-q", *timing)
    return out.strip().splitlines()[-1]


warm = sim("warm")
cs = campaigns(warm)
for c in cs:
    name = f"{c['detector']}: "
    if c["regime"] not in ("cache", "memory", "transition"):
        problems.append(name + f"regime {c['regime']!r}, expected cache, memory or transition (a warm triad sweep "
                        "has a hump)")
    if not 0.5 * L2 < 12 * int(c["regime_peak_size"]) < L2:
        problems.append(name + f"peak at {c['regime_peak_size']} elements, not held in the 48 MB L2")
    if not int(c["regime_fallout_size"]) > int(c["regime_peak_size"]):
        problems.append(name + f"fall-out {c['regime_fallout_size']} not after the peak {c['regime_peak_size']}")
    knee_in_cache = int(c["knee_size"]) <= int(c["regime_peak_size"])
    if (c["regime"] == "cache") != knee_in_cache:
        problems.append(name + f"regime {c['regime']} for a knee at {c['knee_size']} (peak {c['regime_peak_size']})")
    in_fall = int(c["regime_peak_size"]) < int(c["knee_size"]) < int(c["regime_fallout_size"])
    if (c["regime"] == "transition") != in_fall:
        problems.append(name + f"regime {c['regime']} for a knee at {c['knee_size']} (peak {c['regime_peak_size']}, "
                        f"fall-out {c['regime_fallout_size']})")
with h5py.File(warm, "r") as f:
    regimes = sorted({r.decode() if isinstance(r, bytes) else r for r in f["consensus/triad/regime"][()]})
    if regimes != ["cache", "memory"]:
        problems.append(f"/consensus/triad regimes {regimes}, expected cache and memory")

report = json.loads(run("report", warm, "--format", "json")[0])
rows = {(r["scope"], r["regime"]) for r in report["consensus"]}
if ("model", "cache") not in rows or ("model", "memory") not in rows:
    problems.append(f"report --format json: consensus rows {sorted(rows)}, expected a model row per regime")
if any(r["timing"] != "warm" for r in report["consensus"]):
    problems.append("report --format json: every consensus row of a warm run says timing warm")
if {c["regime"] for c in report["campaigns"]} - {"cache", "memory", "transition"}:
    problems.append("report --format json: campaigns carry their regime")
text = run("report", warm)[0]
if "cache/warm" not in text or "memory/warm" not in text or "L2 regimes" not in text:
    problems.append("report: the answer table names each row's regime and timing, and the L2 regimes follow:\n" + text)


def detect_regimes(path):
    """{regime: [knee_x of each detector on its own campaign]} and whether every curve has a hump."""
    d = json.loads(run("detect", "--input", path, "--format", "json")[0])
    out, humps = {}, []
    for curve in d["curves"]:
        humps.append(curve["regimes"]["hump"])
        for r in curve["results"]:
            if r["detector"] == curve["campaign"]["detector"]:
                out.setdefault(r["regime"], []).append(r["knee_x"])
                if r["knee_x"] is None and not r["note"]:
                    problems.append(f"detect: {r['detector']} has no knee in the {r['regime']} regime and no note")
    return out, humps


found, humps = detect_regimes(warm)
if sorted(found) != ["cache", "memory"] or not all(humps):
    problems.append(f"detect --format json: regimes {sorted(found)}, humps {humps}")

tidy_dir = os.path.join(SCRATCH, "tidy")
run("export", warm, "--tidy", "--output", tidy_dir)
with open(os.path.join(tidy_dir, "tidy.csv"), newline="") as f:
    tidy = {r["regime"] for r in csv.DictReader(f)}
if not tidy <= {"cache", "memory"} or not tidy:
    problems.append(f"export --tidy: regime column {sorted(tidy)}")

cold = sim("cold", "--cold")
if {c["regime"] for c in campaigns(cold)} != {"single"}:
    problems.append("cold timing flushes L2: one regime, single")

# A file from before regimes: no regime attributes, no regime columns.
old = os.path.join(SCRATCH, "old.h5")
copy_results(warm, old)
with h5py.File(old, "r+") as f:
    def strip(name, obj):
        if isinstance(obj, h5py.Group):
            for a in ("regime", "regime_peak_size", "regime_fallout_size"):
                if a in obj.attrs:
                    del obj.attrs[a]
    f.visititems(strip)
    for col in ("regime", "timing", "regime_first_size", "regime_last_size"):
        del f["consensus/triad"][col]
old_report = json.loads(run("report", old, "--format", "json")[0])
if {(r["scope"], r["regime"]) for r in old_report["consensus"]} != rows:
    problems.append("an old file's consensus is computed again per regime")
if [c["regime"] for c in old_report["campaigns"]] != [c["regime"] for c in report["campaigns"]]:
    problems.append("an old file's campaigns get their regimes from their points")
if detect_regimes(old)[0].keys() != found.keys():
    problems.append("detect on an old file finds the same regimes")

if problems:
    sys.exit("FAIL: " + "\nFAIL: ".join(problems))
print(f"regimes: {len(cs)} warm campaigns, cache and memory; cold single; old file recomputed")
