#!/usr/bin/env python3
"""A copy of a results file written before /sweeps_size (schema 1 or 2, or a part of schema 3) in today's
layout: /sweeps_size the root's first link, one second name of each sweep's `size` in it, so that xarray
names dimensions fast (docs/tidy.md, "xarray: how fast"). Everything else is copied as it is (every
subcommand reads the copy as the original: the same `report --format json` but its file name, the same
tidy tables); each column's dimension scale is attached again, since a copy's references are new.

    bench/result_file/with_sweeps_size.py OLD.h5 NEW.h5

How docs/tidy.md's figure of the real 4 x H100 file was made; needs h5py. A run's root file (layout
"parts") is refused: its parts are the files xarray reads.
"""
import sys

import h5py


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: with_sweeps_size.py OLD.h5 NEW.h5\n")
        return 2
    with h5py.File(sys.argv[1], "r") as src:
        if src.attrs.get("layout") == "parts" or "sweeps_size" in src or "sweeps" not in src:
            sys.stderr.write(f"{sys.argv[1]}: not a file with its own /sweeps and no /sweeps_size "
                             "(a run's root: convert its parts)\n")
            return 2
        with h5py.File(sys.argv[2], "w", track_order=True) as dst:
            sizes = dst.create_group("sweeps_size", track_order=True)  # first: the root's first link
            for name, value in src.attrs.items():
                dst.attrs[name] = value
            for name in src:
                src.copy(src[name], dst, name=name)
            for rank, sweeps in dst["sweeps"].items():
                on_rank = sizes.create_group(rank, track_order=True)
                for name, sweep in sweeps.items():
                    scale = sweep["size"]
                    if "REFERENCE_LIST" in scale.attrs:
                        del scale.attrs["REFERENCE_LIST"]
                    for column in sweep.values():
                        if "DIMENSION_LIST" in column.attrs:
                            del column.attrs["DIMENSION_LIST"]
                            column.dims[0].attach_scale(scale)
                    on_rank.create_group(name, track_order=True)["size"] = scale
    return 0


if __name__ == "__main__":
    sys.exit(main())
