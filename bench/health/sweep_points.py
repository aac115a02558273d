#!/usr/bin/env python3
"""Every sweep's points of a results file as a small CSV, the extract GPU health is tested on (tests/data/).

    sweep_points.py RESULTS.h5 > OUT.csv

One row per point of each sweep (rank, kernel, repeat): rank, kernel, repeat, size, throughput (5 significant
digits), clock_event_reasons, throttled, temperature_c, sm_clock_mhz; comment lines first give the device
model and each rank's UUID. Needs h5py (the project venv)."""
import sys

import h5py

with h5py.File(sys.argv[1], "r") as f:
    models = {r: f["devices"][r].attrs["model"] for r in f["devices"]}
    print(f"# model={sorted(set(models.values()))[0]}")
    for rank in sorted(f["devices"], key=lambda r: int(r[4:])):
        print(f"# {rank}={f['devices'][rank].attrs['uuid']}")
    print("rank,kernel,repeat,size,throughput,clock_event_reasons,throttled,temperature_c,sm_clock_mhz")
    for rank in sorted(f["sweeps"], key=lambda r: int(r[4:])):
        for name, sweep in sorted(f["sweeps"][rank].items()):
            kernel, repeat = name.rsplit("_repeat", 1)
            cols = [sweep[c][()] for c in ("size", "throughput", "clock_event_reasons", "throttled", "temperature_c",
                                            "sm_clock_mhz")]
            for size, tp, reasons, throttled, temp, clock in zip(*cols):
                print(f"{rank[4:]},{kernel},{repeat},{size},{tp:.5g},{reasons},{int(throttled)},{temp:.0f},{clock:.0f}")
