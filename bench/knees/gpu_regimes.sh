#!/usr/bin/env bash
# Warm against cold for the bandwidth kernels (issue 46): on every GPU of this machine, the four
# bandwidth kernels (triad, reduction, histogram, spmv) plus vecadd, once timed warm and once cold, then
# each file's per-regime detector agreement (bench/knees/regime_agreement.py) and report. Needs a binary
# built with CUDA (build/ or AUTOBENCH_BINARY) and h5py; changes no clocks.
#   bench/knees/gpu_regimes.sh OUT_DIR [RANKS] [BUDGET_S]
source "$(dirname "$0")/../script_setup.sh" "$@"
RANKS=${2:-$(nvidia-smi -L | wc -l)} BUDGET=${3:-200}
need_binary
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1; git -C "$SRC" rev-parse --short HEAD; } > "$OUT/device.txt" 2>&1
for timing in warm cold; do
  step "$timing: mpirun -n $RANKS autobench-mpi --suite full --kernels triad,reduction,histogram,spmv,vecadd --$timing --repeats 5"
  timeout $((BUDGET + 60)) mpirun -n "$RANKS" --bind-to none "$BIN" --suite full --backend cuda \
    --kernels triad,reduction,histogram,spmv,vecadd --$timing --repeats 5 --power-window-ms 0 \
    --time-budget "$BUDGET" --output "$OUT/run-$timing" > "$OUT/$timing.txt" 2>&1
  echo "exit $?" | tee -a "$OUT/$timing.txt"
  # the results file in place: a run written in parts links its parts/ beside it, so a copy of the root
  # alone cannot be read
  h5=$(ls "$OUT"/run-"$timing"/*/autobench.h5 | head -1)
  "$BIN" report "$h5" > "$OUT/$timing-report.txt" 2>&1
  python3 "$SRC/bench/knees/regime_agreement.py" "$BIN" "$h5" --json "$OUT/$timing-agreement.json" \
    | tee "$OUT/$timing-agreement.md"
done
step done
