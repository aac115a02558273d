#!/usr/bin/env bash
# The kernel figures of issue 14 on a GPU machine, from an already built tree in build/ (CUDA on,
# Release; targets autobench-mpi cuda_kernel_verify_test bench_cuda_kernel_figures are built if missing):
#   verify     every configuration of every kernel at small sizes (cuda_kernel_verify_test)
#   memcheck   the same for the new kernels under compute-sanitizer memcheck
#   figures    best throughput vs device-to-device copy, fp32 vs FMA peak at the measured clock
#   cache      two processes with one fresh compile cache: the second one's first GEMM sweep vs its later sweep
#   curves     a real (cuda) run of the new kernels' saturation curves, kneedle, with figures
#   bench/cuda/gpu_kernels.sh OUT_DIR
# Every step is bounded by `timeout`; all of it by DEADLINE seconds (default 300). Changes no clocks.
source "$(dirname "$0")/../script_setup.sh" "$@"
BUILD=$SRC/build
TESTS=$BUILD/tests
NEW="triad reduction stencil transpose spmv histogram chase"
DEADLINE=${DEADLINE:-300}

step "device"
{ date -u; nvidia-smi; git -C "$SRC" rev-parse HEAD; } > "$OUT/device.txt" 2>&1
FIGURES=$BUILD/bench/bench_cuda_kernel_figures
if [ ! -x "$TESTS/cuda_kernel_verify_test" ] || [ ! -x "$FIGURES" ] || [ ! -x "$BIN" ]; then
  step "build the missing targets"
  timeout "$(limit 200)" cmake --build "$BUILD" -j"$(nproc)" --target autobench-mpi cuda_kernel_verify_test \
    bench_cuda_kernel_figures > "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
fi

step "verify every configuration of every kernel"
timeout "$(limit 60)" "$TESTS/cuda_kernel_verify_test" > "$OUT/verify.txt" 2>&1
grep -E "configurations verified|^\[  (PASSED|FAILED) " "$OUT/verify.txt" | tee -a "$LOG"

step "compute-sanitizer memcheck on the new kernels"
filter=""
for k in $NEW; do filter="$filter:Registered/KernelVerify.EveryConfigurationAtSmallSizes/$k"; done
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
timeout "$(limit 90)" "$CS" --tool memcheck --error-exitcode 3 "$TESTS/cuda_kernel_verify_test" \
  --gtest_filter="${filter#:}" > "$OUT/memcheck.txt" 2>&1
echo "memcheck exit $?" | tee -a "$LOG"
grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " "$OUT/memcheck.txt" | tee -a "$LOG"

step "throughput against the device-to-device copy; fp32 against the FMA peak"
{ timeout "$(limit 60)" "$FIGURES" memory; timeout "$(limit 30)" "$FIGURES" fp32; } > "$OUT/figures.txt" 2>&1
grep -E "device:| % of |^fp32" "$OUT/figures.txt" | tee -a "$LOG"

step "compile cache: a cold process fills it, a new process reads it"
rm -rf "$OUT/compile-cache"
for pass in cold warm; do
  timeout "$(limit 60)" "$FIGURES" gemm-cache "$OUT/compile-cache" > "$OUT/cache-$pass.txt" 2>&1
  echo "$pass: $(grep -E '^gemm sweep' "$OUT/cache-$pass.txt")" | tee -a "$LOG"
done

step "saturation curves of the new kernels (cuda, kneedle)"
kernels=$(echo $NEW | tr ' ' ',')
timeout "$(limit 100)" "$BIN" --backend cuda --kernels "$kernels" --detectors kneedle --repeats 1 --iterations 11 \
  --tune-budget 8 --power-window-ms 0 --time-budget "$(limit 90)" --output "$OUT/curves" > "$OUT/curves.txt" 2>&1
h5=$(ls "$OUT"/curves/*/autobench.h5 2>/dev/null | head -1)
if [ -n "$h5" ]; then
  "$BIN" report "$h5" > "$OUT/curves-report.txt" 2>&1
  python3 "$SRC/scripts/plot_results.py" "$h5" --output "$OUT/curves-plots" > "$OUT/plots.txt" 2>&1
  cat "$OUT/curves-report.txt" | head -40 | tee -a "$LOG"
else
  echo "no result file" | tee -a "$LOG"
fi
step "done"
