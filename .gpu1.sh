set -o pipefail; export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; S=$SECONDS
{ date -u; nvidia-smi; git rev-parse HEAD; } > $OUT/device.txt 2>&1
cmake -S . -B build -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=Release -DAUTOBENCH_WITH_TESTS=ON -DCMAKE_PREFIX_PATH="$PWD/.deps/nlohmann/usr;$PWD/.deps/libfmt/usr" > $OUT/cfg.txt 2>&1 || { tail -30 $OUT/cfg.txt; exit 1; }
timeout 280 cmake --build build -j16 --target autobench-mpi cuda_kernel_verify_test cuda_kernel_figures_test bench_power_figures cuda_cuda_device_test -- -k > $OUT/build.txt 2>&1; rc=$?
echo "build rc $rc at $((SECONDS-S)) s"; grep -E "error|Error" $OUT/build.txt | head -60
[ $rc = 0 ] || exit 1
timeout 70 build/tests/cuda_kernel_verify_test > $OUT/verify.txt 2>&1; echo "verify rc $?"; grep -E "FAILED|PASSED|verified" $OUT/verify.txt | head -20
timeout 60 build/tests/cuda_cuda_device_test > $OUT/device_test.txt 2>&1; echo "device test rc $?"; grep -E "FAILED|PASSED" $OUT/device_test.txt | head
echo "at $((SECONDS-S)) s"; bash bench/knees/gpu_knees.sh $OUT/knees 2>&1 | tail -40
echo "done at $((SECONDS-S)) s"; nvidia-smi -q -d CLOCK | grep -A3 "Applications Clocks\|Locked" > $OUT/clocks_end.txt
