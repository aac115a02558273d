#!/usr/bin/env bash
# Suite runs on a GPU machine for bench/mpi/README.md: builds autobench-mpi with CUDA, then
#   full   one GPU:  mpirun -n 1 autobench-mpi --suite full   (wall time; the file and its report)
#   quick   every GPU: mpirun -n N autobench-mpi --suite quick (devices, report)
#   scaling -n 1 against -n N with power windows off, twice in turn, and -n N once more with
#           `--bind-to none` (every rank runs the whole matrix, so N ranks should take as long as one)
#   ranks   quick, then scaling
# and `nvidia-smi -q -d CLOCK` at the end (autobench-mpi changes no clocks in these runs).
#   bench/mpi/gpu_runs.sh OUT_DIR full|quick|scaling|ranks [extra cmake args...]
# Every step gets at most what is left of $DEADLINE seconds (default 560) less 10 s for the end.
MODE=${2:?usage: gpu_runs.sh OUT_DIR full|quick|scaling|ranks [cmake args...]}
source "$(dirname "$0")/../script_setup.sh" "$@"
shift 2
DEADLINE=${DEADLINE:-560}

step "device"
{ date -u; nvidia-smi; nvidia-smi -L; nproc; } > "$OUT/device.txt" 2>&1
GPUS=$(nvidia-smi -L | grep -c '^GPU')

step "build (git $(git -C "$SRC" rev-parse --short=12 HEAD 2>/dev/null || echo '?'))"
BUILD=$SRC/build-gpu-runs
{ cmake -S "$SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=Release "$@" &&
  timeout "$(limit 240)" cmake --build "$BUILD" -j"$(nproc)" --target autobench-mpi; } > "$OUT/build.txt" 2>&1 ||
  { tail -30 "$OUT/build.txt"; exit 1; }
BIN=$BUILD/suite/autobench-mpi

# run NAME SECONDS RANKS ARGS...: one timed mpirun (with $MPIRUN_ARGS) into $OUT/NAME.txt (+ the report of
# its file in NAME-report.txt and the file itself as NAME.h5); the budget keeps the file complete or marked
# incomplete.
run() {
  local name=$1 secs=$2 ranks=$3; shift 3
  local budget; budget=$(limit "$secs")
  step "$name: mpirun -n $ranks autobench-mpi $* (time budget ${budget} s)"
  local t0 ms
  t0=$(date +%s%N)
  timeout $((budget + 30)) mpirun -n "$ranks" ${MPIRUN_ARGS:-} "$BIN" "$@" --backend cuda --time-budget "$budget" \
    --output "$OUT/runs-$name" > "$OUT/$name.txt" 2>&1
  echo "exit: $?" >> "$OUT/$name.txt"
  ms=$((($(date +%s%N) - t0) / 1000000))
  echo "wall: $((ms / 1000)).$(printf %03d $((ms % 1000))) s" | tee -a "$OUT/$name.txt"
  tail -2 "$OUT/$name.txt" | head -1
  local h5
  h5=$(ls "$OUT"/runs-"$name"/*/autobench.h5 2>/dev/null | head -1)
  if [[ -n $h5 ]]; then
    "$BIN" report "$h5" > "$OUT/$name-report.txt" 2>&1
    cp "$h5" "$OUT/$name.h5"
  fi
  rm -rf "$OUT/runs-$name"
}

case $MODE in
  full)
    run full 540 1 --suite full --power-window-ms 0
    ;;
  quick | scaling | ranks)
    # the time budget lets a kernel start only when the longest sweep so far still fits: with 1 s power
    # windows vecadd's takes ~175 s on an H200, so gemm needs ~350 s of budget to start
    [[ $MODE != scaling ]] && run quick-n$GPUS 400 "$GPUS" --suite quick
    if [[ $MODE != quick ]]; then
      for turn in a b; do
        run scaling-n1-$turn 60 1 --suite quick --power-window-ms 0
        run scaling-n$GPUS-$turn 60 "$GPUS" --suite quick --power-window-ms 0
      done
      MPIRUN_ARGS="--bind-to none" run scaling-n$GPUS-nobind 60 "$GPUS" --suite quick --power-window-ms 0
    fi
    ;;
  *) echo "unknown mode '$MODE' (allowed: full, quick, scaling, ranks)"; exit 2 ;;
esac

step "clocks after the runs (default clocks expected)"
nvidia-smi -q -d CLOCK > "$OUT/clocks_end.txt" 2>&1
grep -A3 -E "^ *(Applications Clocks|Clocks Event Reasons|Max Clocks)" "$OUT/clocks_end.txt" | head -12
step "done"
# at most 8 files come back from the device machine: the logs, reports and files of the scaling runs
# travel as one archive
(cd "$OUT" && tar czf runs.tar.gz --exclude=runs.tar.gz --exclude="quick-n*.h5" --exclude=full.h5 ./*.txt ./*.h5 &&
  find . -maxdepth 1 -name 'scaling-*' -delete)
