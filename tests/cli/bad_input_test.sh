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
expect 2 "unknown kernel 'saxpy' \(allowed: chase, fp32, gemm, histogram, reduction, spmv, stencil, transpose, triad, vecadd\)" "${out[@]}" --kernels vecadd,saxpy
expect 2 "unknown detector 'elbow' \(allowed: " "${out[@]}" --detectors elbow
expect 2 "unknown suite 'huge' \(allowed: quick, full, screen\)" "${out[@]}" --suite huge
expect 2 "--start-size: 0 is not allowed: must be a whole number in \[1, 1000000000000\]" "${out[@]}" --start-size 0
expect 2 "--start-size: -5 is not allowed: must be a whole number" "${out[@]}" --start-size=-5
expect 2 "--max-size: -1 is not allowed" "${out[@]}" --max-size=-1
expect 2 "--scale-factor: 1 is not allowed: must be a finite number in \(1, 16\]" "${out[@]}" --scale-factor 1
expect 2 "--scale-factor: 0.5 is not allowed: must be a finite number in \(1, 16\]" "${out[@]}" --scale-factor 0.5
expect 2 "--repeats: 0 is not allowed: must be a whole number in \[1, 1000\]" "${out[@]}" --repeats 0
expect 2 "unknown backend 'opencl' \(allowed: auto, cuda, sim\)" --output "$scratch/results" --backend opencl
expect 2 "unknown sim device 'RTX 9000' \(allowed: " "${out[@]}" --sim-device "RTX 9000"
expect 2 "--x-scale: unknown x-scale 'cubic' \(allowed: linear, log\)" "${out[@]}" --x-scale cubic
expect 2 "--smoothing: unknown smoothing 'loess' \(allowed: none, spline, saturating\)" "${out[@]}" --smoothing loess
expect 2 "--spline-knots: 0 is not allowed: must be a whole number in \[1, 100\]" "${out[@]}" --spline-knots 0
expect 2 "--scale-factor" "${out[@]}" --scale-factor abc
expect 2 "--no-such-option" "${out[@]}" --no-such-option
touch "$scratch/a-file"
expect 2 "--output '$scratch/a-file/sub' is not usable" --backend sim --output "$scratch/a-file/sub"
expect 2 "--sweep: unknown sweep 'zigzag' \(allowed: geometric, adaptive\)" "${out[@]}" --sweep zigzag
expect 2 "--safeguards: unknown safeguards 'magic' \(allowed: thesis, noise-aware\)" "${out[@]}" --safeguards magic
expect 2 "--refine-precision: 0 is not allowed: must be a finite number in \(0, 1\)" "${out[@]}" --refine-precision 0
expect 2 "--refine-precision: 1.5 is not allowed: must be a finite number in \(0, 1\)" "${out[@]}" --refine-precision 1.5
expect 2 "--no-refine and --refine-precision exclude each other" "${out[@]}" --no-refine --refine-precision 0.1
expect 2 "--coarse-factor: 1 is not allowed: must be a finite number in \(1, 16\]" "${out[@]}" --coarse-factor 1
expect 2 "--detector-param: unknown detector 'elbow' in 'elbow.x=1' \\(allowed: fitted.base, hybrid.tolerance, hybrid.proposer, " "${out[@]}" --detector-param elbow.x=1
expect 2 "--detector-param: detector 'kneedle' has no parameter 'sensitivty' in 'kneedle.sensitivty=2' \\(allowed: kneedle.sensitivity, kneedle.polynomial_degree, kneedle.online, kneedle.direction, kneedle.interp\\)" "${out[@]}" --detector-param kneedle.sensitivty=2
expect 2 "--detector-param: multiknee.strong_fraction: 0 is not allowed: must be a finite number in \\(0, 1\\]" "${out[@]}" --detector-param hybrid.tolerance=2,multiknee.strong_fraction=0
expect 2 "--detector-param: 'kneedle' is not NAME.KEY=VALUE" "${out[@]}" --detector-param kneedle
expect 2 "--sensitivity and --detector-param kneedle.sensitivity set the same value" "${out[@]}" --sensitivity 2 --detector-param kneedle.sensitivity=3
expect 2 "--detector-param: multiknee.min_segment: 2 is not allowed" detect --input "$scratch/none.csv" --detector-param multiknee.min_segment=2
# Choice knobs: a name, checked against the allowed ones (a detector's: those it can use); --offline is kneedle.online=false.
expect 2 "^autobench-mpi: error: --detector-param: kneedle.interp: 'cubic' is not allowed \\(allowed: interp1d, polynomial\\)" "${out[@]}" --detector-param kneedle.interp=cubic
expect 2 "--detector-param: hybrid.proposer: 'hybrid' is not allowed \\(allowed: dfdt, fitted, kneedle, lmethod, menger, multiknee, triangle\\)" "${out[@]}" --detector-param hybrid.tolerance=2,hybrid.proposer=hybrid
expect 2 "--detector-param: kneedle.online: 'no' is not allowed \\(allowed: true, false\\)" detect --input "$scratch/none.csv" --detector-param kneedle.online=no
expect 2 "--offline and --detector-param kneedle.online set the same value \\(allowed: one of them\\)" "${out[@]}" --offline --detector-param kneedle.online=false
expect 2 "detect: --online and --detector-param kneedle.online set the same value" detect --input "$scratch/none.csv" --online --detector-param kneedle.online=true
expect 0 "" --help
expect 0 "" --version

# Every number finite and inside its documented range (campaign/limits.hpp), before any work starts.
for opt in scale-factor sensitivity distance-threshold min-runtime-ms coarse-factor sim-realtime power-window-ms \
           power-interval-ms safety-factor refine-precision; do
  expect 2 "^autobench-mpi: error: --$opt: inf is not allowed: must be a finite number in " "${out[@]}" --$opt inf
  expect 2 "^autobench-mpi: error: --$opt: nan is not allowed: must be a finite number in " "${out[@]}" --$opt nan
done
expect 2 "--scale-factor: 1e16 is not allowed: must be a finite number in \(1, 16\]" "${out[@]}" --scale-factor 1e16
expect 2 "--power-window-ms: 1e12 is not allowed: must be a finite number in \[0, 60000\]" "${out[@]}" \
  --power-window-ms 1e12
expect 2 "--start-size: 9223372036854775807 is not allowed: must be a whole number in \[1, 1000000000000\]" \
  "${out[@]}" --start-size 9223372036854775807
expect 2 "--start-size 1000000000000 is not allowed for kernel 'gemm': its buffers exceed any GPU" "${out[@]}" \
  --kernels vecadd,gemm --start-size 1000000000000
expect 2 "--repeats: 1000000000 is not allowed: must be a whole number in \[1, 1000\]" "${out[@]}" \
  --repeats 1000000000 --dry-run
expect 2 "--time-budget: -5 is not allowed: must be a finite number in \(0, 31622400\]" "${out[@]}" --time-budget=-5
expect 2 "--time-budget: inf is not allowed" "${out[@]}" --time-budget inf
expect 2 "--seed: -1 is not allowed: must be a whole number in \[0, 9007199254740992\]" "${out[@]}" --seed=-1
expect 2 "--tune-iterations: 0 is not allowed: must be a whole number in \[1, 10000\]" "${out[@]}" --tune-iterations 0
expect 2 "--iterations: 2.5 is not allowed: must be a whole number" "${out[@]}" --iterations 2.5
expect 2 "--min-points: 1001 is not allowed: must be a whole number in \[3, 1000\]" "${out[@]}" --min-points 1001
expect 2 "--sensitivity: inf is not allowed" detect --input "$scratch/none.csv" --sensitivity inf
expect 2 "--temperature-s: -1 is not allowed: must be a finite number in \[0, 3600\]" calibrate --backend sim \
  --temperature-s=-1

# --dry-run costs the same for any matrix size: the largest matrix prints 20 sweeps and a count.
"$bin" "${out[@]}" --suite full --repeats 1000 --independent-sweeps --dry-run >"$scratch/plan" 2>&1
if [[ $? -ne 0 || $(wc -l <"$scratch/plan") -gt 30 ]] || ! grep -q "and 79980 more sweeps" "$scratch/plan"; then
  echo "FAIL: --dry-run of 80000 sweeps:"; head -40 "$scratch/plan"; failures=$((failures + 1))
else
  echo "ok: --dry-run of 80000 sweeps prints 20 and the count"
fi

# Suite files (TOML): each mistake is reported as FILE:LINE: with the bad key or value.
if ! "$bin" --suite "$AUTOBENCH_SOURCE_DIR/scripts/suites/bandwidth-vs-compute.toml" --backend sim --dry-run \
     >/dev/null 2>"$scratch/err" && grep -q "lacks TOML support" "$scratch/err"; then
  echo "skip: this build has no TOML support (libtomlplusplus-dev)"
else
  suite() {  # suite NAME: writes stdin to $scratch/NAME.toml
    cat >"$scratch/$1.toml"
  }
  suite syntax <<<'kernels = ["vecadd", "gemm"'
  expect 2 "syntax.toml:1: not valid TOML" "${out[@]}" --suite "$scratch/syntax.toml"
  expect 2 "missing.toml: no such suite file" "${out[@]}" --suite "$scratch/missing.toml"
  printf 'detectors = ["triangle"]\n' | suite nokernels
  expect 2 "nokernels.toml: missing 'kernels'" "${out[@]}" --suite "$scratch/nokernels.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\ncolour = "blue"\n' | suite topkey
  expect 2 "topkey.toml:3: unknown key 'colour'" "${out[@]}" --suite "$scratch/topkey.toml"
  printf 'kernels = "vecadd"\ndetectors = ["triangle"]\n' | suite notalist
  expect 2 "notalist.toml:1: 'kernels' must be a list" "${out[@]}" --suite "$scratch/notalist.toml"
  printf 'kernels = ["vecadd", "saxpy"]\ndetectors = ["triangle"]\n' | suite badkernel
  expect 2 "badkernel.toml:1: unknown kernel 'saxpy' \(allowed: " "${out[@]}" --suite "$scratch/badkernel.toml"
  printf 'kernels = ["vecadd"]\n\ndetectors = ["elbow"]\n' | suite baddetector
  expect 2 "baddetector.toml:3: unknown detector 'elbow'" "${out[@]}" --suite "$scratch/baddetector.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\nrepeats = 1.5\n' | suite fracrepeats
  expect 2 "fracrepeats.toml:3: 'repeats' must be a whole number" "${out[@]}" --suite "$scratch/fracrepeats.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\nrepeats = 0\n' | suite zerorepeats
  expect 2 "zerorepeats.toml:3: --repeats: 0 is not allowed" "${out[@]}" --suite "$scratch/zerorepeats.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nscale-factor = 0.9\n' | suite badfactor
  expect 2 "badfactor.toml:4: --scale-factor: 0.9 is not allowed: must be a finite number in \(1, 16\]" "${out[@]}" \
    --suite "$scratch/badfactor.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nscale-factr = 1.2\n' | suite typo
  expect 2 "typo.toml:4: unknown option 'scale-factr' in \[options\] \(allowed: " "${out[@]}" --suite "$scratch/typo.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\niterations = "many"\n' | suite nan
  expect 2 "nan.toml:4: .*--iterations" "${out[@]}" --suite "$scratch/nan.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[kernel.gemm]\nstart-size = 256\n' | suite notinrun
  expect 2 "notinrun.toml:3: \[kernel.gemm\] but 'gemm' is not in the file's kernels" "${out[@]}" \
    --suite "$scratch/notinrun.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[kernel.vecadd]\nbackend = "cuda"\n' | suite kernelbackend
  expect 2 "kernelbackend.toml:4: unknown option 'backend' in \[kernel.vecadd\]" "${out[@]}" \
    --suite "$scratch/kernelbackend.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[kernel.vecadd]\nstart-size = -4\n' | suite negstart
  expect 2 "negstart.toml:4: --start-size: -4 is not allowed" "${out[@]}" --suite "$scratch/negstart.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nscale-factor = 1e16\n' | suite hugefactor
  expect 2 "hugefactor.toml:4: --scale-factor: 1e\+16 is not allowed: must be a finite number in \(1, 16\]" \
    "${out[@]}" --suite "$scratch/hugefactor.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[kernel.vecadd]\nsensitivity = inf\n' | suite infkernel
  expect 2 "infkernel.toml:4: --sensitivity: inf is not allowed: must be a finite number in \(0, 100\]" \
    "${out[@]}" --suite "$scratch/infkernel.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["hybrid"]\n[kernel.vecadd]\nstart-size = 4096\ndetector-param = ["hybrid.proposer=elbow"]\n' | suite badchoice
  expect 2 "badchoice.toml:5: --detector-param: hybrid.proposer: 'elbow' is not allowed \\(allowed: dfdt, fitted, " \
    "${out[@]}" --suite "$scratch/badchoice.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\nrepeats = 1000000000\n' | suite hugerepeats
  expect 2 "hugerepeats.toml:3: --repeats: 1000000000 is not allowed" "${out[@]}" --suite "$scratch/hugerepeats.toml" \
    --dry-run
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nsuite = "full"\n' | suite recursive
  expect 2 "recursive.toml:4: unknown option 'suite'" "${out[@]}" --suite "$scratch/recursive.toml"

  # A suite file is read exactly as the command line it stands for (docs/limits.md).
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\noutput = ""\nrepeats = 1\n' | suite emptyoutput
  (cd "$scratch" && expect 2 "emptyoutput.toml:4: --output '' is not usable: it names no directory" \
    --backend sim --suite "$scratch/emptyoutput.toml")
  if compgen -G "$scratch/--*" >/dev/null; then echo "FAIL: output = \"\" created $(ls -d "$scratch"/--*)"; failures=$((failures + 1)); fi
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nsim-device = ""\n' | suite emptydevice
  expect 0 "" "${out[@]}" --suite "$scratch/emptydevice.toml" --dry-run
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\ndry-run = ""\n' | suite emptyflag
  expect 2 "emptyflag.toml:4: --dry-run '' is not allowed: a flag is true or false" "${out[@]}" \
    --suite "$scratch/emptyflag.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nhelp = true\n' | suite help
  expect 2 "help.toml:4: unknown option 'help' in \[options\]" "${out[@]}" --suite "$scratch/help.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nkernels = ["gemm"]\n' | suite twokernels
  expect 2 "twokernels.toml:4: 'kernels' is set twice \(also on line 1; set it once\)" "${out[@]}" \
    --suite "$scratch/twokernels.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\nrepeats = 1\n[options]\nrepeats = 2\n' | suite tworepeats
  expect 2 "tworepeats.toml:5: 'repeats' is set twice \(also on line 3; set it once\)" "${out[@]}" \
    --suite "$scratch/tworepeats.toml"
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[options]\nrepeats = 2\n' | suite optrepeats
  expect 0 "" "${out[@]}" --suite "$scratch/optrepeats.toml" --dry-run
  printf 'kernels = ["vecadd"]\ndetectors = ["triangle"]\n[kernel.vecadd]\nknee-metric = "efficiency"\n' | suite kneemetric
  expect 2 "kneemetric.toml:4: --knee-metric efficiency for kernel 'vecadd' needs" "${out[@]}" \
    --suite "$scratch/kneemetric.toml"
fi

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
