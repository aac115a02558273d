#!/usr/bin/env bash
# Which host-side calls make N ranks on one node slower than one, and whether a change fixes it: the
# quick suite (power windows off) on 1 rank and on every GPU, interleaved for this tree's binary and (with
# BASE_TARBALL=a `git archive` of the reference commit) the reference's, plus this tree's binary with NVML
# hidden (a stub libnvidia-ml.so.1 first on LD_LIBRARY_PATH: no sensor read while launches are timed, the
# floor), and bench_power_nvml_call_cost (bench/power/nvml_call_cost.cpp: what each NVML query costs, 1 process and one per GPU). With
# FULL_BUDGET=SECONDS, then this tree's `--suite full` (default power settings) on every GPU under that
# time budget: its log, report (with the per-rank time split) and file size.
#   [BASE_TARBALL=FILE] [TURNS="a b"] [NVML_COSTS=0] [FULL_BUDGET=S] bench/mpi/gpu_host_probe.sh OUT_DIR [cmake args...]
source "$(dirname "$0")/../script_setup.sh" "$@"
shift
DEADLINE=${DEADLINE:-560}
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1; nproc; } > "$OUT/device.txt" 2>&1
GPUS=$(nvidia-smi -L | grep -c '^GPU')

# build SRC_DIR BUILD_DIR: autobench-mpi, Release, CUDA on
build() {
  cmake -S "$1" -B "$2" -DAUTOBENCH_WITH_CUDA=ON -DAUTOBENCH_WITH_TESTS=OFF -DCMAKE_BUILD_TYPE=Release "${@:3}" &&
    timeout "$(limit 300)" cmake --build "$2" -j"$(($(nproc) / 2))" --target autobench-mpi
}
step "build this tree${BASE_TARBALL:+ and the reference}"
build "$SRC" "$SRC/build-gpu-runs" "$@" > "$OUT/build.txt" 2>&1 &
NEW_BUILD=$!
if [[ -n ${BASE_TARBALL:-} ]]; then
  mkdir -p "$OUT/base-src" && tar xzf "$BASE_TARBALL" -C "$OUT/base-src"
  build "$OUT/base-src" "$OUT/base-build" "$@" > "$OUT/build-base.txt" 2>&1 || { tail -20 "$OUT/build-base.txt"; exit 1; }
fi
wait $NEW_BUILD || { tail -30 "$OUT/build.txt"; exit 1; }
NEW=$SRC/build-gpu-runs/suite/autobench-mpi
BASE=$OUT/base-build/suite/autobench-mpi
STUB=$OUT/stub-nvml
mkdir -p "$STUB" && echo 'int autobench_stub;' | gcc -shared -fPIC -x c -o "$STUB/libnvidia-ml.so.1" -

# probe NAME BINARY RANKS [mpirun -x VAR=VALUE...]: one mpirun; wall time and each rank's sweep seconds
probe() {
  local name=$1 bin=$2 ranks=$3; shift 3
  local envs=() e
  for e in "$@"; do envs+=(-x "$e"); done
  step "$name: mpirun -n $ranks $* $(basename "$(dirname "$(dirname "$bin")")") --suite quick --power-window-ms 0"
  local t0=$(date +%s%N)
  timeout "$(limit 120)" mpirun -n "$ranks" --bind-to none "${envs[@]}" "$bin" --suite quick --power-window-ms 0 \
    --backend cuda --output "$OUT/runs" > "$OUT/$name.txt" 2>&1
  echo "exit $? wall $((($(date +%s%N) - t0) / 1000000)) ms" | tee -a "$OUT/$name.txt"
  grep -E "triangle repeat" "$OUT/$name.txt" | sed -E 's/.*rank ([0-9]+).* ([a-z0-9]+)\/triangle.*, ([0-9.]+ s)$/  rank \1 \2 \3/' | sort | tr '\n' ';'
  echo
  rm -rf "$OUT/runs"
}
probe warmup "$NEW" 1   # fills the NVRTC compile cache both binaries use
for turn in ${TURNS:-a b}; do
  [[ -x $BASE ]] && probe base-n1-$turn "$BASE" 1
  probe new-n1-$turn "$NEW" 1
  [[ -x $BASE ]] && probe base-n$GPUS-$turn "$BASE" "$GPUS"
  probe new-n$GPUS-$turn "$NEW" "$GPUS"
done
probe floor-n1 "$NEW" 1 "LD_LIBRARY_PATH=$STUB"
probe floor-n$GPUS "$NEW" "$GPUS" "LD_LIBRARY_PATH=$STUB"

step "NVML query costs"
if [[ ${NVML_COSTS:-1} == 1 ]] && cmake --build "$SRC/build-gpu-runs" --target bench_power_nvml_call_cost > "$OUT/nvml-build.txt" 2>&1 &&
    cp "$SRC/build-gpu-runs/bench/bench_power_nvml_call_cost" "$OUT/nvml_call_cost"; then
  "$OUT/nvml_call_cost" 0 100 > "$OUT/nvml-1proc.txt"
  for ((g = 0; g < GPUS; ++g)); do "$OUT/nvml_call_cost" $g 100 > "$OUT/nvml-$g.txt" & done
  wait
  cat "$OUT/nvml-1proc.txt"; echo "-- $GPUS processes at once:"; cat "$OUT"/nvml-[0-9]*.txt | sort -k3
fi
if [[ -n ${FULL_BUDGET:-} ]]; then
  step "full: mpirun -n $GPUS autobench-mpi --suite full --time-budget $FULL_BUDGET"
  t0=$(date +%s%N)
  timeout $((FULL_BUDGET + 90)) mpirun -n "$GPUS" --bind-to none "$NEW" --suite full --backend cuda \
    --time-budget "$FULL_BUDGET" --output "$OUT/full-run" > "$OUT/full.txt" 2>&1
  echo "exit $? wall $((($(date +%s%N) - t0) / 1000000)) ms" | tee -a "$OUT/full.txt"
  grep -E "time split|gathered|done in|stopped|Continue|overall" "$OUT/full.txt" | tail -12
  h5=$(ls "$OUT"/full-run/*/autobench.h5 2>/dev/null | head -1)
  if [[ -n $h5 ]]; then
    ls -l "$h5" | tee -a "$OUT/full.txt"
    "$NEW" report "$h5" > "$OUT/full-report.txt" 2>&1
    "$NEW" report "$h5" --details > "$OUT/full-report-details.txt" 2>&1
    tail -20 "$OUT/full-report.txt"
  fi
  rm -rf "$OUT/full-run"
fi
step "done"
(cd "$OUT" && tar czf probe.tar.gz --exclude=probe.tar.gz --exclude=stub-nvml --exclude=base-src --exclude=base-build --exclude=nvml_call_cost ./* &&
  find . -maxdepth 1 ! -name probe.tar.gz ! -name . -exec rm -rf {} +)
