"""Reading an autobench-mpi results file's campaign curves with h5py, in either layout: schema 2 stores
each sweep once under /sweeps/rank<R>/<name> and lets a campaign refer to it (attribute `sweep`, dataset
`point_index` where its points are not the sweep's first ones, and its own copy of a column only where
its values differ, e.g. its power correction); schema 1 held every column in the campaign's group."""

import numpy as np


def campaign_column(group, name):
    """The per-point column `name` of one /campaigns/<kernel>/<detector>/rank<R>/repeat<K> group as a
    numpy array, one entry per point of the campaign (KeyError when neither the campaign nor its sweep has
    it, ValueError when the sweep's column is shorter than the campaign's points need)."""
    if name in group:
        return group[name][()]
    if "sweep" not in group.attrs:
        raise KeyError(f"{group.name}: no dataset '{name}'")
    sweep_path = group.attrs["sweep"]
    sweep = group.file[sweep_path.decode() if isinstance(sweep_path, bytes) else sweep_path]
    if name not in sweep:
        raise KeyError(f"{group.name}: no dataset '{name}' in it or its sweep {sweep.name}")
    points = int(group.attrs["points"])
    index = group["point_index"][()] if "point_index" in group else np.arange(points)
    column = sweep[name][()]
    if len(index) != points or (len(index) and (index.min() < 0 or index.max() >= len(column))):
        raise ValueError(f"{group.name}: its {points} point(s) are not in the {len(column)} entries of {sweep.name}/{name}")
    return column[index]
