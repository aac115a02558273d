#!/usr/bin/env bash
# Cost and accuracy of the power windows (issue 12), on GPU 0 of an already built tree (build/, CUDA on,
# Release; the script builds the bench_power_figures program there if it is missing). In one session:
#   (a) quick suite --kernels vecadd,gemm,fp32: default power settings vs --power-window-ms 0 (wall times, ratio);
#   (b) accuracy: at the knee points of run (a) and their neighbours, derived windows vs 1 s windows, back to
#       back on the same workload (power and energy per launch, the whole distribution), and a second 1 s
#       window against the first (the workload's own power variation between windows);
#   (c) calibrate gemm and vecadd over 6 locked clocks: P_static, R^2, standard errors;
#   (d) only with FULL=1: the full suite with default power (goal < 8 min on one H100).
#   bench/power/gpu_power_points.sh OUT_DIR
# (a)-(c) need about 4 min on an H100; every step is bounded by what is left of $DEADLINE seconds (default 300,
# 900 with FULL=1). Clocks: calibrate locks them and restores them itself; this script also resets them
# (nvidia-smi -rgc / -rac) on EXIT, INT and TERM. It never resets the GPU. Needs root for (c).
source "$(dirname "$0")/../script_setup.sh" "$@"
BUILD=${BUILD:-$SRC/build}
BIN=$BUILD/suite/autobench-mpi
FIG=$BUILD/bench/bench_power_figures
SUMMARY=$OUT/summary.txt
say() { echo "$*" | tee -a "$SUMMARY"; }
FULL=${FULL:-0}
DEADLINE=${DEADLINE:-$([[ $FULL == 1 ]] && echo 900 || echo 300)}

step "device"
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK; git -C "$SRC" log -1 --format='commit %H %cd' 2>/dev/null; } \
  > "$OUT/device.txt" 2>&1
[[ -x $BIN ]] || { echo "no $BIN: build the tree first (cmake --build build --target autobench-mpi)"; exit 1; }
if [[ ! -x $FIG ]]; then
  step "build bench_power_figures"
  timeout "$(limit 120)" cmake --build "$BUILD" -j"$(nproc)" --target bench_power_figures \
    > "$OUT/build.txt" 2>&1 || echo "(bench_power_figures not built: (b) skipped)" | tee -a "$LOG"
fi
say "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1); $(date -u +%F)"

# (a) one quick-suite run per power setting, wall time by the shell.
quick() {  # NAME EXTRA_ARGS...
  local name=$1; shift
  rm -rf "/tmp/autobench-points-$name"
  local t0=$SECONDS
  timeout "$(limit 150)" mpirun -np 1 "$BIN" --suite quick --kernels vecadd,gemm,fp32 --backend cuda \
    --output "/tmp/autobench-points-$name" "$@" > "$OUT/run_$name.txt" 2>&1
  local rc=$?
  echo $((SECONDS - t0)) > "$OUT/wall_$name.txt"
  echo "exit $rc" >> "$OUT/run_$name.txt"
  F=$(ls -t /tmp/autobench-points-"$name"/*/autobench.h5 2>/dev/null | head -1)
  [[ -n $F ]] && cp "$F" "$OUT/$name.h5" && "$BIN" report "$F" >> "$OUT/run_$name.txt" 2>&1
}
step "(a) quick suite without power windows"
quick nowindows --power-window-ms 0
step "(a) quick suite with the default power settings"
quick default
W0=$(cat "$OUT/wall_nowindows.txt"); W1=$(cat "$OUT/wall_default.txt")
say "(a) quick suite vecadd,gemm,fp32: --power-window-ms 0 ${W0} s, default power ${W1} s, ratio $(awk -v a="$W1" -v b="$W0" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}') (goal <= 1.3)"
grep -E "^done in" "$OUT/run_nowindows.txt" "$OUT/run_default.txt" | tee -a "$SUMMARY"
if [[ -f $OUT/default.h5 ]] && python3 -c 'import h5py' 2>/dev/null; then
  python3 - "$OUT/default.h5" <<'PY' | tee -a "$SUMMARY"
import sys, collections, h5py
reasons, cost, n = collections.Counter(), 0.0, 0
with h5py.File(sys.argv[1]) as f:
    seen = set()
    def visit(name, obj):
        global cost, n
        if isinstance(obj, h5py.Group) and "power_reason" in obj and "size" in obj:  # a sweep (or a schema-1 campaign)
            kernel = obj.attrs["kernel"]
            for size, why, c in zip(obj["size"][:], obj["power_reason"][:], obj["power_cost_s"][:]):
                key = (kernel, int(size))
                if key in seen: continue
                seen.add(key); n += 1
                reasons[why.decode() if isinstance(why, bytes) else why] += 1; cost += c
    f.visititems(visit)
print("(a) default run: %d distinct points, windows by reason %s, %.1f s in power windows" % (n, dict(reasons), cost))
PY
fi

# (b) the knee points of run (a) and their neighbours, from the exported thesis CSVs.
if [[ -x $FIG && -f $OUT/default.h5 ]]; then
  step "(b) accuracy: derived windows vs 1 s windows at the knee points"
  rm -rf "$OUT/export" && "$BIN" export "$OUT/default.h5" --output "$OUT/export" > /dev/null 2>&1
  POINTS=$(for csv in "$OUT"/export/csv/*.csv; do
    kernel=$(basename "$csv" | cut -d_ -f1)
    tail -n +2 "$csv" | sort -t, -k1,1n | awk -F, -v k="$kernel" \
      '{size[NR]=$1; knee[NR]=$NF} END {for (i = 1; i <= NR; i++) if (knee[i] == 1) for (j = i - 1; j <= i + 1; j++) if (j >= 1 && j <= NR) print k ":" size[j]}'
  done | sort -u | paste -sd, -)
  say "(b) points: $POINTS"
  AUTOBENCH_POWER_POINTS=$POINTS AUTOBENCH_POWER_ROUNDS=${ROUNDS:-2} timeout "$(limit 160)" "$FIG" accuracy \
    > "$OUT/accuracy.txt" 2>&1
  echo "exit $?" >> "$OUT/accuracy.txt"
  grep -E "^short/1s|^1s/1s" "$OUT/accuracy.txt" | sed 's/^/(b) /' | tee -a "$SUMMARY"
fi

# (c) calibration: 6 locked clocks (the fewest the 4-parameter P(f) takes), gemm then vecadd.
step "(c) calibrate gemm and vecadd"
timeout "$(limit 90)" "$BIN" calibrate --backend cuda --devices 0 --clocks "${CLOCKS:-705:1980:255}" --kernels gemm,vecadd \
  --temperature-s 10 --output "$OUT/calibration.json" > "$OUT/calibrate.txt" 2>&1
echo "calibrate exit: $?" >> "$OUT/calibrate.txt"
restore
grep -E "P\(f\)|t\(f\)|sensor|alpha" "$OUT/calibrate.txt" | sed 's/^/(c) /' | tee -a "$SUMMARY"

if [[ $FULL == 1 ]]; then
  step "(d) full suite with the default power settings"
  rm -rf /tmp/autobench-points-full
  t0=$SECONDS
  timeout "$(limit 590)" mpirun -np 1 "$BIN" --suite full --backend cuda --output /tmp/autobench-points-full \
    > "$OUT/run_full.txt" 2>&1
  echo "exit $?" >> "$OUT/run_full.txt"
  say "(d) full suite, default power: $((SECONDS - t0)) s (goal < 480 s)"
fi

step "clocks at the end (default clocks expected)"
restore
nvidia-smi -q -d CLOCK > "$OUT/clocks_end.txt" 2>&1
step "done in ${SECONDS} s"
cat "$SUMMARY"
