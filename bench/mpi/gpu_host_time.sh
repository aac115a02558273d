#!/usr/bin/env bash
# Where a rank's wall time goes when several ranks share a node: the quick suite (power windows off) on 1
# rank and on every GPU of the machine, each rank under `/usr/bin/time -v` (user and system CPU seconds,
# context switches), with `top` sampled every 2 s during the N-rank run and each run's per-rank time
# split (report's "Where the time went", when the binary records one).
#   bench/mpi/gpu_host_time.sh OUT_DIR [cmake args...]
source "$(dirname "$0")/../script_setup.sh" "$@"
shift
DEADLINE=${DEADLINE:-560}

step "device"
{ date -u; nvidia-smi; nvidia-smi -L; nproc; } > "$OUT/device.txt" 2>&1
GPUS=$(nvidia-smi -L | grep -c '^GPU')

step "build (git $(git -C "$SRC" rev-parse --short=12 HEAD 2>/dev/null || echo '?'))"
BUILD=$SRC/build-gpu-runs
{ cmake -S "$SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DAUTOBENCH_WITH_TESTS=OFF -DCMAKE_BUILD_TYPE=Release "$@" &&
  timeout "$(limit 300)" cmake --build "$BUILD" -j"$(nproc)" --target autobench-mpi; } > "$OUT/build.txt" 2>&1 ||
  { tail -30 "$OUT/build.txt"; exit 1; }
BIN=$BUILD/suite/autobench-mpi

# timed NAME RANKS ARGS...: mpirun of RANKS ranks, each under /usr/bin/time -v into $OUT/NAME.rankR.time
timed() {
  local name=$1 ranks=$2; shift 2
  step "$name: mpirun -n $ranks --bind-to none autobench-mpi $*"
  local t0=$(date +%s%N)
  timeout "$(limit 120)" mpirun -n "$ranks" --bind-to none bash -c \
    '/usr/bin/time -v -o "$0.rank$OMPI_COMM_WORLD_RANK.time" "$@"' "$OUT/$name" "$BIN" "$@" --backend cuda \
    --output "$OUT/runs-$name" > "$OUT/$name.txt" 2>&1
  echo "exit: $? wall: $((($(date +%s%N) - t0) / 1000000)) ms" | tee -a "$OUT/$name.txt"
  local h5; h5=$(ls "$OUT"/runs-"$name"/*/autobench.h5 2>/dev/null | head -1)
  [[ -n $h5 ]] && "$BIN" report "$h5" > "$OUT/$name-report.txt" 2>&1
  grep -h -E "Elapsed|User time|System time|context switches" "$OUT/$name".rank*.time | sed 's/^\s*//' | sort | uniq -c
  rm -rf "$OUT/runs-$name"
}

timed n1 1 --suite quick --power-window-ms 0
(while sleep 2; do top -b -n 1 -w 200 | head -25; done) > "$OUT/top-n$GPUS.txt" 2>&1 &
TOP=$!
timed n$GPUS "$GPUS" --suite quick --power-window-ms 0
kill $TOP 2>/dev/null
timed n1-again 1 --suite quick --power-window-ms 0

step "clocks after the runs (default clocks expected)"
nvidia-smi -q -d CLOCK > "$OUT/clocks_end.txt" 2>&1
step "done"
(cd "$OUT" && tar czf host-time.tar.gz --exclude=host-time.tar.gz ./*.txt ./*.time && rm -f ./*.time top-*.txt n*-report.txt)
