#!/usr/bin/env bash
# Dataset generation on a GPU machine for bench/dataset/README.md, with an already built tree in build/
# (CUDA on, Release). Changes no clocks. Steps, each bounded with `timeout`:
#   (every run: --max-waves 8, the full regime spans 1..8 full waves, so large gemms do not dominate)
#   probe   1 rank, 50 configurations per kernel, no refinement: the rate, cold (NVRTC compiles included)
#   main    1 rank, per-kernel count sized from the probe's rate to fill SAMPLE_S seconds (default 120), --balance iqr
#           (additions at most half the sampled count): counts, rate, IQR before/after histograms
#   eval    `evaluate` on main's JSONL: analytic, regression and stargazer baselines, random and leave-one-kernel-out
#   scaling (only with MODE=scaling or scaling-only, and 2+ GPUs) the same 600 configurations per kernel
#           on 1 rank and split over N ranks: wall time ratio (scaling-only skips probe, main and eval)
#   bench/dataset/gpu_dataset.sh OUT_DIR [scaling|scaling-only]
# Total about 4 minutes on one H100 (DEADLINE seconds, default 230, bounds it).
source "$(dirname "$0")/../script_setup.sh" "$@"
MODE=${2:-}
DEADLINE=${DEADLINE:-230}
need_binary

step "device"
{ date -u; nvidia-smi; nproc; "$BIN" --version; git -C "$SRC" rev-parse HEAD; } > "$OUT/device.txt" 2>&1
GPUS=$(nvidia-smi -L | grep -c '^GPU')

# dataset NAME SECONDS RANKS ARGS...: one timed run into $OUT/NAME.txt; keeps dataset.h5/.jsonl as NAME.*
dataset() {
  local name=$1 secs=$2 ranks=$3; shift 3
  local budget t0 ms
  budget=$(limit "$secs")
  step "$name: mpirun --bind-to none -n $ranks autobench-mpi dataset $* --time-budget $budget"
  t0=$(date +%s%N)
  timeout $((budget + 60)) mpirun --bind-to none -n "$ranks" "$BIN" dataset --backend cuda "$@" --time-budget "$budget" \
    --output "$OUT/runs-$name" > "$OUT/$name.txt" 2>&1
  echo "exit: $?" >> "$OUT/$name.txt"
  ms=$((($(date +%s%N) - t0) / 1000000))
  echo "wall: $((ms / 1000)).$(printf %03d $((ms % 1000))) s" | tee -a "$OUT/$name.txt"
  sed -n '/^where the time went/,/^share/p' "$OUT/$name.txt" | tee -a "$LOG"
  grep -E "verified configurations|IQR refinement|stopped early" "$OUT/$name.txt" | tee -a "$LOG"
  local dir
  dir=$(ls -d "$OUT"/runs-"$name"/*/ 2>/dev/null | head -1)
  if [[ -n $dir ]]; then
    cp "$dir/dataset.h5" "$OUT/$name.h5" 2>/dev/null
    cp "$dir/dataset.jsonl" "$OUT/$name.jsonl" 2>/dev/null
  fi
  rm -rf "$OUT/runs-$name"
}

if [[ $MODE != scaling-only ]]; then
  dataset probe 50 1 --per-kernel 50 --iterations 10 --max-waves 8
  RATE=$(grep -oE '\(([0-9.]+) per second\)' "$OUT/probe.txt" | grep -oE '[0-9.]+' | head -1)
  RATE=${RATE:-20}
  # 120 s of sampled configurations over every kernel at the probe's rate (the refinement adds up to half);
  # the probe measured 50 per kernel, so its count says how many kernels there are.
  KERNELS=$(( $(grep -oE '^[0-9]+ verified' "$OUT/probe.txt" | grep -oE '[0-9]+' | head -1) / 50 ))
  ((KERNELS > 0)) || KERNELS=10
  PER_KERNEL=$(python3 -c "print(max(50, int(float('$RATE') * ${SAMPLE_S:-120} / $KERNELS)))")
  step "probe rate ${RATE}/s -> --per-kernel $PER_KERNEL"
  dataset main 170 1 --per-kernel "$PER_KERNEL" --iterations 10 --max-waves 8 --balance iqr --balance-max 0.5

  if [[ -f $OUT/main.jsonl ]]; then
    step "evaluate"
    timeout "$(limit 60)" "$BIN" evaluate --dataset "$OUT/main.jsonl" --json "$OUT/evaluate.json" > "$OUT/evaluate.txt" 2>&1
    cat "$OUT/evaluate.txt" | tee -a "$LOG"
    step "figures"
    timeout "$(limit 60)" python3 "$SRC/bench/dataset/plot_dataset.py" "$OUT/main.h5" "$OUT" 2>&1 | tee -a "$LOG"
    gzip -f "$OUT/main.jsonl" "$OUT/probe.jsonl" 2>/dev/null
  fi
fi

if [[ $MODE == scaling* && $GPUS -ge 2 ]]; then
  dataset scaling-n1 200 1 --per-kernel 600 --iterations 10 --max-waves 8
  dataset scaling-n$GPUS 200 "$GPUS" --per-kernel $((600 / GPUS)) --iterations 10 --max-waves 8
fi
step "done: summary"
grep -hE "^wall|verified configurations" "$OUT"/*.txt | tee -a "$LOG"
