#!/usr/bin/env bash
# Real results files for the cross-GPU statistics (GPU health, A/B verdicts, regimes), on every GPU of
# this machine with a binary built elsewhere (AUTOBENCH_BINARY) or build/'s:
#   healthy:  `mpirun -n GPUS --bind-to none autobench-mpi --suite full` with nothing beside it
#   slowed:   the same with --repeats R while bench/health/gpu_load.cu streams memory on GPU SLOW for a
#             share DUTY of every 10 ms (no clock, power or any other setting is touched)
#   ranks:    vecadd only, 2 ranks, 3 repeats, driven as (GPU 0, GPU 1) and as (GPU 1, GPU 0), to tell
#             a slow rank from a slow GPU at launch-bound sizes
# Each run folder (its root autobench.h5 and the parts/ it links; journals left out) is packed (tar, xz)
# and split into 15 MB pieces NAME.tar.xz.NN in OUT_DIR (`cat NAME.tar.xz.* | tar xJ` unpacks it); the
# logs, reports and device facts (nvidia-smi, topo) go into OUT_DIR/logs-MODE.tgz (the device machine
# returns 8 files).
#   [BUDGET=S] bench/health/gpu_real_files.sh OUT_DIR healthy|slowed|ranks [SLOW_GPU DUTY REPEATS]
# (BUDGET: the full-suite runs' --time-budget, 480 s by default)
source "$(dirname "$0")/../script_setup.sh" "$@"
MODE=$2 SLOW=${3:-3} DUTY=${4:-0.3} REPEATS=${5:-3} BUDGET=${BUDGET:-480}
need_binary
GPUS=$(nvidia-smi -L | wc -l)
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=index,driver_version,pci.bus_id,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv; nproc; nvidia-smi topo -m; } > "$OUT/device-$MODE.txt" 2>&1
pack() {  # the newest run folder under $1 as $2.tar.xz.NN, 15 MB each (a root alone cannot be read)
  local h5 dir; h5=$(ls "$1"/*/autobench.h5 2>/dev/null | head -1)
  [[ -n $h5 ]] || { echo "no results file under $1"; return; }
  dir=$(dirname "$h5")
  "$BIN" report "$h5" > "$OUT/$2-report.txt" 2>&1
  tar -C "$dir/.." -cf - --exclude=journal "$(basename "$dir")" | xz -T0 -6 | split -b 15000000 -d - "$OUT/$2.tar.xz."
  du -sh "$dir" | tee -a "$LOG"; ls -l "$OUT/$2".tar.xz.* | tee -a "$LOG"
}
run() {  # NAME TIMEOUT_S mpirun arguments...
  local name=$1 t=$2; shift 2
  step "$name: mpirun $*"
  timeout "$t" mpirun --bind-to none "$@" --backend cuda --output "$OUT/run-$name" > "$OUT/$name.txt" 2>&1
  echo "exit $? after ${SECONDS}s" | tee -a "$OUT/$name.txt" "$LOG"
  nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv >> "$OUT/$name.txt"
  pack "$OUT/run-$name" "$name"; rm -rf "$OUT/run-$name"; gzip -f "$OUT/$name.txt"
}
case $MODE in
  healthy) run healthy $((BUDGET + 70)) -n "$GPUS" "$BIN" --suite full --time-budget "$BUDGET" ;;
  slowed)
    nvcc -O2 -o /tmp/gpu_load "$SRC/bench/health/gpu_load.cu" || exit 1
    /tmp/gpu_load "$SLOW" "$DUTY" $((BUDGET + 60)) > "$OUT/load.txt" 2>&1 & load=$!
    sleep 2
    run "slowed-gpu$SLOW-duty$DUTY" $((BUDGET + 70)) -n "$GPUS" "$BIN" --suite full --repeats "$REPEATS" --time-budget "$BUDGET"
    kill $load; wait $load; cat "$OUT/load.txt" >> "$LOG" ;;
  ranks)
    run ranks-01 90 -n 2 -x CUDA_VISIBLE_DEVICES=0,1 "$BIN" --kernels vecadd,triad --detectors triangle --repeats 3
    run ranks-10 90 -n 2 -x CUDA_VISIBLE_DEVICES=1,0 "$BIN" --kernels vecadd,triad --detectors triangle --repeats 3 ;;
  *) echo "mode $MODE: healthy, slowed or ranks" >&2; exit 2 ;;
esac
cd "$OUT" && tar czf "/tmp/logs-$MODE.tgz" --exclude='*.xz.*' . && find . -maxdepth 1 -type f ! -name '*.xz.*' -delete &&
  mv "/tmp/logs-$MODE.tgz" .
