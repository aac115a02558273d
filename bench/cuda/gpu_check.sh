#!/usr/bin/env bash
# Builds the cuda backend and its tests on a GPU machine, runs every tests/cuda test, then the GPU
# tests again under compute-sanitizer memcheck. Logs (build.txt, tests.txt, memcheck.txt) go to $1
# (default: ./gpu-check-logs).
#   bench/cuda/gpu_check.sh [LOG_DIR] [extra cmake args...]
OUT_DEFAULT=gpu-check-logs
source "$(dirname "$0")/../script_setup.sh" "$@"
shift || true
BUILD=$SRC/build-gpu-check
JOBS=$(nproc)
TESTS="nvrtc_compile cuda_device kernel_verify ceilings gpu_figures"

{ date -u; nvidia-smi; ls /usr/include/nlohmann >/dev/null 2>&1 && echo "nlohmann: /usr/include/nlohmann present" ||
  echo "nlohmann: /usr/include/nlohmann MISSING"; } > "$OUT/build.txt" 2>&1

cmake -S "$SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >> "$OUT/build.txt" 2>&1
targets=""
for t in $TESTS; do targets="$targets cuda_${t}_test"; done
cmake --build "$BUILD" -j"$JOBS" --target $targets >> "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
for t in $TESTS; do ln -sf "$BUILD/tests/cuda_${t}_test" "$BUILD/$t"; done

status=0
for t in $TESTS; do
  echo "=== $t" >> "$OUT/tests.txt"
  "$BUILD/$t" > "$OUT/test.tmp" 2>&1 || status=1
  cat "$OUT/test.tmp" >> "$OUT/tests.txt"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) " "$OUT/test.tmp" | sed "s/^/$t: /"
done
rm -f "$OUT/test.tmp"
# memcheck: the GPU tests except the out-of-memory one (a failing cudaMalloc is its point) and the
# long figures sweep.
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
"$CS" --tool memcheck --leak-check full --error-exitcode 3 \
  "$BUILD/cuda_device" --gtest_filter=-*OutOfMemory* > "$OUT/memcheck.txt" 2>&1 || status=1
"$CS" --tool memcheck --error-exitcode 3 "$BUILD/ceilings" >> "$OUT/memcheck.txt" 2>&1 || status=1
grep -E "ERROR SUMMARY|PASSED|FAILED" "$OUT/memcheck.txt"
exit $status
