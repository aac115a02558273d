#!/usr/bin/env bash
# Bad input on the command line: one clear line naming the value, exit code 2, no result file.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0

# expect CODE PATTERN ARGS...: runs the binary with ARGS; checks exit code, stderr, and that nothing was written.
expect() {
  local code=$1 pattern=$2; shift 2
  local out="$scratch/out" err="$scratch/err"
  rm -rf "$scratch/results"
  "$bin" "$@" >"$out" 2>"$err"
  local got=$?
  if [[ $got -ne $code ]]; then
    echo "FAIL: autobench-mpi $*: exit $got, expected $code"; cat "$err"; failures=$((failures + 1)); return
  fi
  if [[ -n $pattern ]] && ! grep -qE -- "$pattern" "$err"; then
    echo "FAIL: autobench-mpi $*: stderr does not match '$pattern':"; cat "$err"; failures=$((failures + 1)); return
  fi
  if [[ $code -ne 0 && $(wc -l <"$err") -ne 1 ]]; then
    echo "FAIL: autobench-mpi $*: expected one error line, got:"; cat "$err"; failures=$((failures + 1)); return
  fi
  if [[ -n $(find "$scratch/results" -name '*.h5*' 2>/dev/null) ]]; then
    echo "FAIL: autobench-mpi $*: a result file was written"; failures=$((failures + 1)); return
  fi
  echo "ok: autobench-mpi $*"
}

out=(--output "$scratch/results" --backend sim)
expect 2 "unknown kernel 'saxpy' \(allowed: vecadd, gemm, fp32\)" "${out[@]}" --kernels vecadd,saxpy
expect 2 "unknown detector 'elbow' \(allowed: " "${out[@]}" --detectors elbow
expect 2 "unknown suite 'huge' \(allowed: quick, full\)" "${out[@]}" --suite huge
expect 2 "--start-size 0 is not allowed: must be a positive size" "${out[@]}" --start-size 0
expect 2 "--start-size -5 is not allowed: must be a positive size" "${out[@]}" --start-size=-5
expect 2 "--max-size -1 is not allowed" "${out[@]}" --max-size=-1
expect 2 "--scale-factor 1 is not allowed: must be greater than 1" "${out[@]}" --scale-factor 1
expect 2 "--scale-factor 0.5 is not allowed: must be greater than 1" "${out[@]}" --scale-factor 0.5
expect 2 "--repeats 0 is not allowed: must be at least 1" "${out[@]}" --repeats 0
expect 2 "unknown backend 'opencl' \(allowed: auto, cuda, sim\)" --output "$scratch/results" --backend opencl
expect 2 "unknown sim device 'RTX 9000' \(allowed: " "${out[@]}" --sim-device "RTX 9000"
expect 2 "--x-scale: unknown x-scale 'cubic' \(allowed: linear, log\)" "${out[@]}" --x-scale cubic
expect 2 "--scale-factor" "${out[@]}" --scale-factor abc
expect 2 "--no-such-option" "${out[@]}" --no-such-option
touch "$scratch/a-file"
expect 2 "--output '$scratch/a-file/sub' is not usable" --backend sim --output "$scratch/a-file/sub"
expect 2 "--sweep: unknown sweep 'zigzag' \(allowed: geometric, adaptive\)" "${out[@]}" --sweep zigzag
expect 2 "--safeguards: unknown safeguards 'magic' \(allowed: thesis, noise-aware\)" "${out[@]}" --safeguards magic
expect 2 "--refine-precision 0 is not allowed: must be in \(0, 1\)" "${out[@]}" --refine-precision 0
expect 2 "--refine-precision 1.5 is not allowed: must be in \(0, 1\)" "${out[@]}" --refine-precision 1.5
expect 2 "--no-refine and --refine-precision exclude each other" "${out[@]}" --no-refine --refine-precision 0.1
expect 2 "--coarse-factor 1 is not allowed: must be greater than 1" "${out[@]}" --coarse-factor 1
expect 0 "" --help
expect 0 "" --version

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
