#!/usr/bin/env bash
# Knee stability on a GPU for bench/knees/README.md (issue 13): 5 repeats of vecadd and gemm with kneedle
# and triangle (and the model-based `fitted`, from the same sweeps) at the default settings (vecadd
# cold, gemm warm, noise-driven launch counts, mean estimator, detectors on a spline of the curve,
# 200-replicate knee intervals), power
# windows off (they do not move knees and cost ~1 s a point). Needs an already built tree in build/ (CUDA on, Release). Changes no clocks.
#   bench/knees/gpu_knees.sh OUT_DIR
# Writes OUT_DIR/device.txt, run.txt (the run's output), the results file under OUT_DIR/runs/,
# report.txt, report.json and summary.txt (printed): per kernel and detector the knee index of every
# repeat, the mode, how many repeats lie within ±1 of it, the knee-size CV, and every 95% interval.
# Hard deadline: 230 s for the run (--time-budget 200 keeps the file complete or marks it incomplete).
source "$(dirname "$0")/../script_setup.sh" "$@"
need_binary
{ date -u; nvidia-smi; git -C "$SRC" rev-parse HEAD; } > "$OUT/device.txt" 2>&1

t0=$(date +%s)
timeout 230 "$BIN" --backend cuda --kernels vecadd,gemm --detectors kneedle,triangle,fitted --repeats 5 \
  --power-window-ms 0 --time-budget 200 --output "$OUT/runs" > "$OUT/run.txt" 2>&1
echo "exit: $? after $(( $(date +%s) - t0 )) s" | tee -a "$OUT/run.txt"
H5=$(ls -t "$OUT"/runs/*/*.h5 2>/dev/null | head -1)
[ -n "$H5" ] || { tail -20 "$OUT/run.txt"; exit 1; }
"$BIN" report "$H5" > "$OUT/report.txt" 2>&1
"$BIN" report "$H5" --format json > "$OUT/report.json" 2>"$OUT/report-json.err"

python3 - "$OUT/report.json" <<'PY' | tee "$OUT/summary.txt"
import json, statistics, sys
doc = json.load(open(sys.argv[1]))
print(f"file: {doc.get('file', '?')}")
groups = {}
for c in doc["campaigns"]:
    groups.setdefault((c["kernel"], c["detector"]), []).append(c)
print(f"{'kernel':7} {'detector':9} {'timing':6} {'indices':22} {'mode':>5} {'within1':>8} {'size_cv':>8}  95% intervals (low-high, elements)")
for (kernel, detector), cs in sorted(groups.items()):
    cs.sort(key=lambda c: c["repeat"])
    idx = [c["knee_index"] for c in cs]
    mode = min(set(idx), key=lambda m: (-idx.count(m), m))  # the smallest most frequent, as the stability table
    within = sum(abs(k - mode) <= 1 for k in idx)
    sizes = [c["knee_size"] for c in cs]
    cv = statistics.pstdev(sizes) / statistics.mean(sizes) if sizes else float("nan")
    iv = " ".join("-" if c["knee_low_size"] is None else f"{c['knee_low_size']:.0f}-{c['knee_high_size']:.0f}" for c in cs)
    print(f"{kernel:7} {detector:9} {cs[0].get('timing_mode', '?'):6} {' '.join(map(str, idx)):22} {mode:5d} "
          f"{within:>5d}/{len(idx)} {cv:8.3f}  {iv}")
PY
