#!/usr/bin/env bash
# Bad power and calibration input: one line naming the value, exit code 2, nothing measured or written.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0

# expect CODE PATTERN ARGS...: runs the binary with ARGS; checks exit code, stderr (one line on failure)
# and that no result or calibration file was written.
expect() {
  local code=$1 pattern=$2; shift 2
  local err="$scratch/err"
  rm -rf "$scratch/results" "$scratch/cal.json"
  "$bin" "$@" >"$scratch/out" 2>"$err"
  local got=$?
  if [[ $got -ne $code ]]; then
    echo "FAIL: autobench-mpi $*: exit $got, expected $code"; cat "$err"; failures=$((failures + 1)); return
  fi
  if ! grep -qE -- "$pattern" "$err"; then
    echo "FAIL: autobench-mpi $*: stderr does not match '$pattern':"; cat "$err"; failures=$((failures + 1)); return
  fi
  if [[ $(wc -l <"$err") -ne 1 ]]; then
    echo "FAIL: autobench-mpi $*: expected one error line, got:"; cat "$err"; failures=$((failures + 1)); return
  fi
  if [[ -n $(find "$scratch/results" -name '*.h5*' 2>/dev/null) || -e "$scratch/cal.json" ]]; then
    echo "FAIL: autobench-mpi $*: a file was written"; failures=$((failures + 1)); return
  fi
  echo "ok: autobench-mpi $*"
}

run=(--output "$scratch/results" --backend sim)
expect 2 "--power-filter 'median' is not allowed \(allowed: none, maf" "${run[@]}" --power-filter median
expect 2 "--power-filter 'maf:4' is not allowed" "${run[@]}" --power-filter maf:4
expect 2 "--power-filter 'kalman:x,1': 'x' is not a number" "${run[@]}" --power-filter kalman:x,1
expect 2 "--power-window-ms: -5 is not allowed: must be a finite number in \[0, 60000\]" "${run[@]}" --power-window-ms=-5
expect 2 "--power-interval-ms: 0 is not allowed: must be a finite number in \[0.001, 1000\]" "${run[@]}" --power-interval-ms 0
expect 2 "--power-window-ms: 60001 is not allowed: must be a finite number in \[0, 60000\]" "${run[@]}" --power-window-ms 60001
expect 2 "--power-window-ms: (nan|-?nan) is not allowed" "${run[@]}" --power-window-ms nan
expect 2 "--power-interval-ms: inf is not allowed: must be a finite number in \[0.001, 1000\]" "${run[@]}" --power-interval-ms inf
expect 2 "--power-points: unknown power points 'most' \(allowed: consensus, knee, sparse, all\)" "${run[@]}" --power-points most
expect 2 "--power-points sparse is not allowed with --knee-metric efficiency: .*\(allowed: all\)" "${run[@]}" \
  --knee-metric efficiency --power-points sparse
expect 2 "--calibration $scratch/none.json: no such file" "${run[@]}" --calibration "$scratch/none.json"
echo '{"format": "something else"}' >"$scratch/other.json"
expect 2 "--calibration $scratch/other.json: calibration file .* not an autobench-power-calibration file" \
  "${run[@]}" --calibration "$scratch/other.json"
expect 2 "--knee-metric: unknown knee metric 'joules' \(allowed: throughput, efficiency\)" "${run[@]}" --knee-metric joules
expect 2 "--knee-metric efficiency needs power windows" "${run[@]}" --knee-metric efficiency --power-window-ms 0

cal=(calibrate --backend sim --output "$scratch/cal.json")
expect 2 "--clocks is required" "${cal[@]}"
expect 2 "--clocks '1200,abc': 'abc' is not a clock in MHz" "${cal[@]}" --clocks 1200,abc
expect 2 "--clocks: 5 distinct clocks given; the P\(f\) fit has 4 parameters and needs at least 6 \(parameters \+ 2" \
  "${cal[@]}" --clocks 1000,1200,1400,1600,1800
expect 2 "--clocks '1400:1000:100': the range's low end is above its high end" "${cal[@]}" --clocks 1400:1000:100
expect 2 "--kernels: unknown kernel 'nbody'" "${cal[@]}" --clocks 1000:1500:100 --kernels gemm,nbody
expect 2 "--power-window-ms 0 is not allowed: must be > 0" "${cal[@]}" --clocks 1000:1500:100 --power-window-ms 0
expect 2 "--backend 'opencl' is not allowed \(allowed: auto, cuda, sim\)" calibrate --backend opencl --clocks 1000:1500:100
expect 2 "unknown sim device 'RTX 9000'" "${cal[@]}" --clocks 1000:1500:100 --sim-device "RTX 9000"
expect 1 "device 0: clock lock failed: .*clock out of range \(allowed 198-1980 MHz\)" "${cal[@]}" --clocks 1000:2400:200 \
  --temperature-s 0

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
