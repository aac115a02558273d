#!/usr/bin/env bash
# Power measurements on a GPU machine for bench/power/README.md: builds the committed tree (HEAD, or
# $AUTOBENCH_BUILD_SRC) with CUDA, then records the NVML update periods, the sampler's overhead, a calibration of GPU 0, a
# 2000-launch GEMM run (raw vs corrected power spread, power x time vs the energy counter), a suite run
# with power windows and the calibration, and finally `nvidia-smi -q -d CLOCK` with the default
# clocks back. Needs root (clock locks). Results go to $1 (default ./gpu-power-logs), at most 8 files.
#   bench/power/gpu_power.sh [OUT_DIR] [extra cmake args...]
# Every step gets at most what is left of $DEADLINE seconds (default 500) less 10 s for the end.
# Clocks: every lock is undone by the program itself; this script also resets them on EXIT, INT and
# TERM (nvidia-smi -rgc / -rac). It never resets the GPU.
OUT_DEFAULT=gpu-power-logs
source "$(dirname "$0")/../script_setup.sh" "$@"
shift || true
DEADLINE=${DEADLINE:-500}

step "device"
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK; } > "$OUT/device.txt" 2>&1

step "build (git HEAD $(git -C "$SRC" rev-parse --short=12 HEAD 2>/dev/null))"
BUILD_SRC=${AUTOBENCH_BUILD_SRC:-$SRC}  # e.g. a `git archive HEAD` copy carried to the machine
if [[ -z ${AUTOBENCH_BUILD_SRC:-} ]] && git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
  BUILD_SRC=/tmp/autobench-power-src
  rm -rf "$BUILD_SRC" && mkdir -p "$BUILD_SRC"
  git -C "$SRC" archive HEAD | tar -x -C "$BUILD_SRC"
fi
BUILD=/tmp/autobench-power-build
{ cmake -S "$BUILD_SRC" -B "$BUILD" -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" &&
  timeout "$(limit 240)" cmake --build "$BUILD" -j"$(nproc)" --target autobench-mpi bench_power_figures; } \
  > "$OUT/build.txt" 2>&1 ||
  { tail -30 "$OUT/build.txt"; exit 1; }
BIN=$BUILD/suite/autobench-mpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

step "figures: NVML update periods and sampler overhead"
timeout "$(limit 90)" "$BUILD/bench/bench_power_figures" updates overhead 2>&1 | tee -a "$OUT/figures.txt" |
  grep -E 'NVML|updates|lag|sampler|gemm|check|skipped'

step "calibrate GPU 0"
CLOCKS=${CLOCKS:-705:1980:85}
timeout "$(limit 150)" "$BIN" calibrate --backend cuda --devices 0 --clocks "$CLOCKS" --temperature-s 20 \
  --output "$OUT/calibration.json" 2>&1 | tee "$OUT/calibrate.txt"
echo "calibrate exit: ${PIPESTATUS[0]}" | tee -a "$OUT/calibrate.txt"
{ echo "=== nvidia-smi -q -d CLOCK after calibrate"; nvidia-smi -q -d CLOCK; } >> "$OUT/calibrate.txt" 2>&1

step "figures: 2000-launch GEMM run, raw vs corrected spread, energy agreement"
AUTOBENCH_CALIBRATION=$OUT/calibration.json timeout "$(limit 75)" "$BUILD/bench/bench_power_figures" spread \
  2>&1 | tee -a "$OUT/figures.txt"

step "suite run with power windows and the calibration"
RUN_S=$(limit 90)
timeout "$RUN_S" mpirun -np 1 "$BIN" --backend cuda --kernels gemm,vecadd --detectors kneedle --scale-factor 1.3 \
  --power-window-ms 500 --calibration "$OUT/calibration.json" --power-filter kalman --time-budget $((RUN_S * 2 / 3)) \
  --output /tmp/autobench-power-run > "$OUT/run.txt" 2>&1
echo "run exit: $?" >> "$OUT/run.txt"
F=$(ls -t /tmp/autobench-power-run/*/autobench.h5 2>/dev/null | head -1)
[[ -n $F ]] && "$BIN" report "$F" >> "$OUT/run.txt" 2>&1
[[ -n $F ]] && python3 - "$F" "$SRC/scripts" >> "$OUT/run.txt" 2>&1 <<'PY'
import sys
try:
    import h5py
except ImportError:
    print("(no h5py: per-point power not printed)"); sys.exit(0)
sys.path.insert(0, sys.argv[2])
from autobench_h5 import campaign_column  # either layout of the campaign curves
with h5py.File(sys.argv[1]) as f:
    print("device power_sensor:", f["devices/rank0"].attrs["power_sensor"])
    for k in f["campaigns"]:
        g = f[f"campaigns/{k}/kneedle/rank0/repeat0"]
        c = {name: campaign_column(g, name) for name in ("size", "time_mean_s", "throughput", "power_w", "power_filtered_w",
             "power_corrected_w", "energy_j", "energy_counter_j", "efficiency", "power_sm_clock_mhz", "power_temperature_c",
             "power_updates")}
        c["attrs"] = g.attrs
        print(k, "f_ref", c["attrs"]["power_reference_clock_mhz"], "T_ref", c["attrs"]["power_reference_temperature_c"])
        print("  size  time_ms  throughput  P_raw  P_filt  P_corr  E_launch_J  E_counter_J  eff  clock  T  updates")
        for i in range(len(c["size"])):
            print("  %d %.4g %.5g %.1f %.1f %.1f %.4g %.4g %.4g %.0f %.1f %d" % (
                c["size"][i], c["time_mean_s"][i] * 1e3, c["throughput"][i], c["power_w"][i], c["power_filtered_w"][i],
                c["power_corrected_w"][i], c["energy_j"][i], c["energy_counter_j"][i], c["efficiency"][i],
                c["power_sm_clock_mhz"][i], c["power_temperature_c"][i], c["power_updates"][i]))
PY

step "clocks after the run (default clocks expected)"
restore
nvidia-smi -q -d CLOCK > "$OUT/clocks_end.txt" 2>&1
grep -A3 -E "Applications Clocks|Default Applications Clocks|Clocks Event Reasons|^    Clocks$" "$OUT/clocks_end.txt" | head -30
step "done"
