#!/usr/bin/env bash
# Builds the cuda backend and its tests on a GPU machine, runs every tests/cuda test, then the GPU
# tests again under compute-sanitizer memcheck. Logs (build.txt, tests.txt, memcheck.txt) go to $1
# (default: ./gpu-check-logs).
#   bench/cuda/gpu_check.sh [LOG_DIR] [extra cmake args...]
set -u
LOGS=${1:-gpu-check-logs}
shift || true
mkdir -p "$LOGS"
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$SRC/build-gpu-check
JOBS=$(nproc)
TESTS="nvrtc_compile cuda_device kernel_verify ceilings gpu_figures"

{ date -u; nvidia-smi; ls /usr/include/nlohmann >/dev/null 2>&1 && echo "nlohmann: /usr/include/nlohmann present" ||
  echo "nlohmann: /usr/include/nlohmann MISSING"; } > "$LOGS/build.txt" 2>&1

cmake -S "$SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >> "$LOGS/build.txt" 2>&1
targets=""
for t in $TESTS; do targets="$targets cuda_${t}_test"; done
cmake --build "$BUILD" -j"$JOBS" --target $targets >> "$LOGS/build.txt" 2>&1 || { tail -20 "$LOGS/build.txt"; exit 1; }
for t in $TESTS; do ln -sf "$BUILD/tests/cuda_${t}_test" "$BUILD/$t"; done

status=0
for t in $TESTS; do
  echo "=== $t" >> "$LOGS/tests.txt"
  "$BUILD/$t" > "$LOGS/test.tmp" 2>&1 || status=1
  cat "$LOGS/test.tmp" >> "$LOGS/tests.txt"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) " "$LOGS/test.tmp" | sed "s/^/$t: /"
done
rm -f "$LOGS/test.tmp"
# memcheck: the GPU tests except the out-of-memory one (a failing cudaMalloc is its point) and the
# long figures sweep.
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
"$CS" --tool memcheck --leak-check full --error-exitcode 3 \
  "$BUILD/cuda_device" --gtest_filter=-*OutOfMemory* > "$LOGS/memcheck.txt" 2>&1 || status=1
"$CS" --tool memcheck --error-exitcode 3 "$BUILD/ceilings" >> "$LOGS/memcheck.txt" 2>&1 || status=1
grep -E "ERROR SUMMARY|PASSED|FAILED" "$LOGS/memcheck.txt"
exit $status
