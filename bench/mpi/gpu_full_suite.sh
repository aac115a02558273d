#!/usr/bin/env bash
# One `--suite full` run (default power unless options say otherwise) on RANKS GPUs of this machine,
# timed: its log, report (with each rank's time split) and file size in OUT_DIR; the results file is kept
# as build-gpu-runs/keep/NAME.h5 (build outputs survive between calls on a warm device machine), and with
# REFERENCE=NAME its knees are compared with that kept run's (bench/mpi/knee_agreement.py). With
# KEEP_RUN=1 the run directory (journals, exports) stays in build-gpu-runs/keep/run-NAME, for
# bench/mpi/write_timing.sh. With AUTOBENCH_BINARY=PATH it runs that binary (built elsewhere with CUDA,
# Release) instead of building one.
#   [REFERENCE=NAME] [KEEP_RUN=1] [AUTOBENCH_BINARY=PATH] bench/mpi/gpu_full_suite.sh OUT_DIR NAME RANKS BUDGET_S [autobench-mpi options...]
source "$(dirname "$0")/../script_setup.sh" "$@"
NAME=$2 RANKS=$3 BUDGET=$4
shift 4
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1; nproc; } > "$OUT/device.txt" 2>&1
BUILD=$SRC/build-gpu-runs KEEP=$SRC/build-gpu-runs/keep
if [[ -n ${AUTOBENCH_BINARY:-} ]]; then  # a binary built elsewhere (Release, CUDA on): no build here
  need_binary
  ! ldd "$BIN" | grep "not found" || exit 1
else
  step "build (Release, CUDA on)"
  { cmake -S "$SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DAUTOBENCH_WITH_TESTS=OFF -DCMAKE_BUILD_TYPE=Release &&
      cmake --build "$BUILD" -j"$(nproc)" --target autobench-mpi; } > "$OUT/build-$NAME.txt" 2>&1 ||
    { tail -30 "$OUT/build-$NAME.txt"; exit 1; }
  BIN=$BUILD/suite/autobench-mpi
fi
mkdir -p "$KEEP"
step "$NAME: mpirun -n $RANKS autobench-mpi --suite full --time-budget $BUDGET $*"
t0=$(date +%s%N)
timeout $((BUDGET + 90)) mpirun -n "$RANKS" --bind-to none "$BIN" --suite full --backend cuda \
  --time-budget "$BUDGET" --output "$OUT/run-$NAME" "$@" > "$OUT/$NAME.txt" 2>&1
echo "exit $? wall $((($(date +%s%N) - t0) / 1000000)) ms" | tee -a "$OUT/$NAME.txt"
grep -E "gathered|done in|stopped|Continue" "$OUT/$NAME.txt" | tail -6
h5=$(ls "$OUT"/run-"$NAME"/*/autobench.h5 2>/dev/null | head -1)
if [[ -n $h5 ]]; then
  ls -l "$h5" | tee -a "$OUT/$NAME.txt"
  "$BIN" report "$h5" > "$OUT/$NAME-report.txt" 2>&1
  sed -n '/^Answer/,/^No answer/p;/^Where each rank/,$p' "$OUT/$NAME-report.txt"
  python3 - "$h5" <<'EOF' | tee -a "$OUT/$NAME.txt"
import collections, sys, h5py
reasons = collections.Counter()
with h5py.File(sys.argv[1], "r") as f:
    def visit(name, obj):
        if isinstance(obj, h5py.Dataset) and name.startswith("sweeps/") and name.endswith("/power_reason"):
            reasons.update(v.decode() if isinstance(v, bytes) else str(v) for v in obj[()])
    f.visititems(visit)
print("power_reason over the stored sweeps' points:", dict(reasons))
EOF
  mv "$h5" "$KEEP/$NAME.h5"
  if [[ -n ${REFERENCE:-} ]]; then
    step "knees: $REFERENCE against $NAME"
    python3 "$SRC/bench/mpi/knee_agreement.py" "$KEEP/$REFERENCE.h5" "$KEEP/$NAME.h5" | tee "$OUT/knees-$REFERENCE-vs-$NAME.txt"
  fi
fi
gzip -f "$OUT/$NAME.txt"
if [[ ${KEEP_RUN:-0} == 1 ]]; then
  rm -rf "$KEEP/run-$NAME" && mv "$OUT"/run-"$NAME"/* "$KEEP/run-$NAME"
fi
rm -rf "$OUT/run-$NAME"
