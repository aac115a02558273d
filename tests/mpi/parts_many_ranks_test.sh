#!/usr/bin/env bash
# A run written in parts at 16 ranks (oversubscribed sim): each rank writes parts/rank<R>.h5, rank 0
# gathers only summaries. With sweeps of more points (--scale-factor 1.08 against 1.3) every part
# grows (by half), but the bytes each rank sends rank 0 stay the same (within 5 %) and far below its part; the root
# file reads back through h5py (its external links followed, from another working directory) and `report`;
# `report` (table, JSON) and summary.json, made from the root alone (the parts moved away), equal the report
# of the parts read whole (--details); `plot` draws the knees per rank and GPU health from the root alone.
set -u
bin=${AUTOBENCH_BINARY:?}
py=${AUTOBENCH_PYTHON:-python3}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail() { echo "FAIL: $*"; tail -n 5 "$scratch"/*.log; exit 1; }
"$py" -c 'import h5py' 2>/dev/null || { echo "h5py missing: skipped"; exit 77; }

for sf in 1.3 1.08; do
  timeout -k 5 120 mpirun -n 16 --oversubscribe "$bin" --backend sim --kernels vecadd --detectors triangle,kneedle \
    --repeats 1 --scale-factor $sf --output "$scratch/$sf" >"$scratch/$sf.log" 2>&1 || fail "the run with $sf exited $?"
  grep -qE '^gathered .* \([0-9]+ B, at most [0-9]+ B per rank\) of results' "$scratch/$sf.log" || fail "no gathered line"
done
cd / && "$py" - "$scratch" <<'PY' || fail "the files"
import glob, os, sys, h5py
scratch = sys.argv[1]
def look(sf):
    root = glob.glob(f"{scratch}/{sf}/*/autobench.h5")[0]
    with h5py.File(os.path.relpath(root)) as f:   # from / : the links resolve beside the root, not here
        assert f.attrs["schema_version"] == 3 and f.attrs["status"] == "complete", dict(f.attrs)
        sent = f["summary/ranks/gathered_bytes"][:]
        assert len(sent) == 16 and (f["summary/ranks/part_status"][:] == b"written").all()
        for r in range(16):   # every rank's campaigns and sweep through the links
            c = f[f"campaigns/vecadd/kneedle/rank{r}/repeat0"]
            assert len(f[c.attrs["sweep"]]["size"]) == c.attrs["points"] > 5
            assert f.get(f"campaigns/vecadd/kneedle/rank{r}", getlink=True).__class__.__name__ == "ExternalLink"
        parts = [os.path.getsize(p) for p in glob.glob(os.path.dirname(root) + "/parts/rank*.h5")]
    assert len(parts) == 16
    return root, sent, min(parts)
_, coarse, part_coarse = look("1.3")
root, fine, part_fine = look("1.08")
print(f"gathered per rank: {coarse.max()} B (parts >= {part_coarse} B) and {fine.max()} B (parts >= {part_fine} B)")
assert part_fine > 1.4 * part_coarse, "the finer sweeps' parts are not larger"
assert fine.max() <= 1.05 * coarse.max(), "the gather grew with the points of the sweeps"
assert fine.max() * 20 < part_fine, "a rank sends rank 0 more than 1/20 of its part"
print(root)
PY
root=$(ls "$scratch"/1.08/*/autobench.h5)
"$bin" report "$root" >"$scratch/report.log" 2>&1 || fail "report exited $?"
grep -q '^Devices (16)' "$scratch/report.log" || fail "report does not list 16 devices"
# `report` and summary.json come from the root's summaries alone, and say what the parts read whole say.
"$bin" report --format json --details "$root" >"$scratch/whole.json" || fail "report --details exited $?"
"$py" - "$root" "$scratch/whole.json" <<'PY' || fail "summary.json is not the report of the parts read whole"
import json, os, sys
root, whole = sys.argv[1], json.load(open(sys.argv[2]))
summary = json.load(open(os.path.join(os.path.dirname(root), "summary.json")))
assert len(whole["campaigns"]) == 32 and summary == whole, "summary.json differs"
PY
mv "$(dirname "$root")/parts" "$scratch/parts-away"
"$bin" report --format json "$root" >"$scratch/root.json" || fail "report without the parts exited $?"
cmp -s "$scratch/root.json" "$scratch/whole.json" || fail "report of the root alone differs from the parts read whole"
"$bin" report "$root" | cmp -s - "$scratch/report.log" || fail "the table of the root alone differs"
# `plot` of more than 8 ranks draws the knees per rank and GPU health from the root alone (the parts still away).
if "$py" -c 'import matplotlib' 2>/dev/null; then
  AUTOBENCH_PYTHON=$py "$bin" plot "$root" --output "$scratch/plots" --format png >"$scratch/plot.log" 2>&1 ||
    fail "plot exited $?: $(cat "$scratch/plot.log")"
  [[ $(cd "$scratch/plots" && ls | tr '\n' ' ') == "health.png knees_vecadd.png " ]] ||
    fail "plot drew $(ls "$scratch/plots"), expected health.png and knees_vecadd.png"
fi
echo "ok: 16 ranks in parts; the gather does not grow with the sweeps; report and plot from the root alone"
