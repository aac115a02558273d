#!/usr/bin/env bash
# `detect --input` on 10^6-point curves, one detector at a time: wall seconds and peak memory per detector.
#   bench/detect/detect_bench.sh [BINARY] [POINTS] [OUT_DIR]
# (defaults: build/suite/autobench-mpi, 1000000, a temporary directory). CPU only; each detector gets at
# most 120 s (a time-out shows as "> 120"). Prints a Markdown table: wall seconds, CPU seconds (user +
# system: what the wall time is on an idle core) and peak resident memory of the whole `detect` process.
set -euo pipefail
bin=${1:-build/suite/autobench-mpi}
points=${2:-1000000}
out=${3:-$(mktemp -d)}
mkdir -p "$out"

# Two curves with sizes 1000 apart (x from 1000): a clean roofline in log size with its corner at 40% of
# the points, and the same with 2% multiplicative noise (seeded), the worst case for online kneedle and
# multiknee, which collect every local knee.
python3 - "$points" "$out" <<'PY'
import math, random, sys
n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
lx0, lxk = math.log10(1000), math.log10(1000 * (1 + int(0.4 * n)))
for name, noise in (("clean", 0.0), ("noisy", 0.02)):
    with open(f"{out}/{name}.csv", "w") as f:
        f.write("size,throughput\n")
        for i in range(n):
            x = 1000 * (i + 1)
            y = 50 + 950 * min(1.0, (math.log10(x) - lx0) / (lxk - lx0))
            f.write(f"{x},{y * (1 + noise * rng.gauss(0, 1))!r}\n")
PY

detectors=$("$bin" list | awk '/^detectors:/ {on=1; next} /^[^ ]/ {on=0} on {print $1}')
[[ -n $detectors ]] || { echo "no detectors listed by '$bin list'" >&2; exit 1; }
echo "| detector | clean: wall s | clean: CPU s | clean: MiB | clean: knee | noisy: wall s | noisy: CPU s | noisy: MiB | noisy: knee |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for d in $detectors; do
  row="| $d"
  for curve in clean noisy; do
    set +e
    /usr/bin/time -f "%e %U %S %M" -o "$out/$d.$curve.time" timeout 120 "$bin" detect --input "$out/$curve.csv" \
      --detector "$d" --format json >"$out/$d.$curve.json" 2>"$out/$d.$curve.err"
    rc=$?
    set -e
    if [[ $rc -eq 124 ]]; then
      row+=" | > 120 | | | timed out"
    elif [[ $rc -ne 0 ]]; then
      row+=" | $(tail -1 "$out/$d.$curve.time" | cut -d' ' -f1) | | | exit $rc: $(head -1 "$out/$d.$curve.err")"
    else
      read -r secs user sys kib < <(tail -1 "$out/$d.$curve.time")
      knee=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["curves"][0]["results"][0]; print(r.get("knee_index"))' "$out/$d.$curve.json")
      row+=" | $secs | $(python3 -c "print(f'{$user + $sys:.2f}')") | $((kib / 1024)) | $knee"
    fi
  done
  echo "$row |"
done
