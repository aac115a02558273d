#!/usr/bin/env python3
"""A small extract of a real results file for tests (tests/data/): some ranks and kernels of it, in the
project's schema, readable by `autobench-mpi` (report, compare). The stored stability and consensus rows
are dropped (readers compute them again from the campaigns kept); with --no-launches every point keeps
its summaries (time_mean_s, noise, iterations, ...) but no launch times (launch_counts 0).

    bench/compare/extract_real.py SRC.h5 DST.h5 --ranks 0,1,3 --kernels reduction,triad [--no-launches]
"""
import argparse
import os
import subprocess

import h5py
import numpy as np


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--ranks", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--no-launches", action="store_true")
    a = ap.parse_args()
    ranks = {f"rank{r}" for r in a.ranks.split(",")}
    kernels = set(a.kernels.split(","))
    with h5py.File(a.src, "r") as src, h5py.File(a.dst, "w") as dst:
        for k, v in src.attrs.items():
            dst.attrs[k] = v
        dst.attrs["ranks"] = len(ranks)
        dst.create_group("stability")
        for name in ranks:
            src.copy(src["devices"][name], dst.require_group("devices"), name)
        point_groups = []
        for kernel in kernels:
            for det_name, det in src["campaigns"][kernel].items():
                for name in ranks & set(det):
                    src.copy(det[name], dst.require_group(f"campaigns/{kernel}/{det_name}"), name)
                    for rep in det[name].values():
                        if "sweep" in rep.attrs:
                            sweep = rep.attrs["sweep"]
                            if sweep not in dst:
                                parent = sweep.rsplit("/", 1)[0]
                                src.copy(src[sweep], dst.require_group(parent), sweep.rsplit("/", 1)[1])
                                point_groups.append(sweep)
                        else:
                            point_groups.append(rep.name)
        if a.no_launches:
            for path in point_groups:
                g = dst[path]
                if "launch_times_s" not in g:
                    continue
                n = len(g["launch_counts"])
                del g["launch_times_s"], g["launch_counts"]
                g.create_dataset("launch_times_s", data=np.zeros(0, dtype=np.float32))
                g.create_dataset("launch_counts", data=np.zeros(n, dtype=np.int64))
    # Rewrite compactly and compressed (h5py leaves the space of deleted datasets unused).
    subprocess.run(["h5repack", "-f", "SHUF", "-f", "GZIP=9", a.dst, a.dst + ".tmp"], check=True)
    os.replace(a.dst + ".tmp", a.dst)

if __name__ == "__main__":
    main()
