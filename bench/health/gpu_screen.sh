#!/usr/bin/env bash
# The GPU health screen on every GPU of this machine (docs/health.md), with a binary built elsewhere
# (AUTOBENCH_BINARY) or build/'s: `mpirun -n GPUS autobench-mpi --suite screen`, timed,
#   healthy:  with nothing beside it;
#   loaded:   while bench/health/gpu_load.cu streams memory on GPU SLOW for a share DUTY of every 10 ms (no
#             clock, power or any other setting is touched), for each DUTY given;
# then per run the report's health section, `report --format json`'s gpu_health, and the gate's exit
# code (`report --fail-on slow`). Each run's files go to OUT_DIR/NAME-*: the log (with the wall time),
# the report, the JSON and the results file (small: two kernels).
#   bench/health/gpu_screen.sh OUT_DIR [SLOW_GPU [DUTY...]]      (defaults: 3, 0.3 0.6)
source "$(dirname "$0")/../script_setup.sh" "$@"
SLOW=${2:-3} DUTIES=("${@:3}")
((${#DUTIES[@]})) || DUTIES=(0.3 0.6)
need_binary
GPUS=$(nvidia-smi -L | wc -l)
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=index,driver_version,pci.bus_id,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv; "$BIN" --version; } > "$OUT/device.txt" 2>&1
screen() {  # NAME: one screen run, its report, JSON and gate
  local name=$1 t0=$SECONDS h5
  step "$name: mpirun -n $GPUS $BIN --suite screen"
  timeout 300 mpirun --bind-to none -n "$GPUS" "$BIN" --suite screen --backend cuda --output "$OUT/run-$name" > "$OUT/$name-log.txt" 2>&1
  echo "exit $? after $((SECONDS - t0)) s wall" | tee -a "$OUT/$name-log.txt" "$LOG"
  nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv >> "$OUT/$name-log.txt"
  h5=$(ls "$OUT/run-$name"/*/autobench.h5 2>/dev/null | head -1)
  [[ -n $h5 ]] || { echo "$name: no results file" | tee -a "$LOG"; return; }
  cp "$h5" "$OUT/$name.h5"
  "$BIN" report "$h5" > "$OUT/$name-report.txt" 2>&1
  "$BIN" report --format json "$h5" | python3 -c 'import json,sys; json.dump(json.load(sys.stdin)["gpu_health"], sys.stdout, indent=1)' > "$OUT/$name-health.json"
  "$BIN" report --fail-on slow "$h5" > /dev/null 2> "$OUT/$name-gate.txt"
  echo "gate exit $?: $(cat "$OUT/$name-gate.txt")" | tee -a "$LOG"
  sed -n '/^GPU health/,/^$/p' "$OUT/$name-report.txt" | tee -a "$LOG"
  rm -rf "$OUT/run-$name"
}
screen healthy
nvcc -O2 -o /tmp/gpu_load "$SRC/bench/health/gpu_load.cu" || exit 1
for duty in "${DUTIES[@]}"; do
  /tmp/gpu_load "$SLOW" "$duty" 300 > "$OUT/load-$duty.txt" 2>&1 & load=$!
  sleep 2
  screen "loaded-gpu$SLOW-duty$duty"
  kill $load; wait $load; cat "$OUT/load-$duty.txt" >> "$LOG"
done
screen healthy-again
