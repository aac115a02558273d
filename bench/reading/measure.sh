#!/usr/bin/env bash
# Peak memory (max RSS) and wall time of the reading subcommands on one results file:
#   bench/reading/measure.sh BINARY FILE.h5 OUTDIR
# prints one line per command, "command | wall s | max RSS MB", and leaves each command's output in OUTDIR
# (compare two binaries' outputs with diff -r). BINARY's floor (its --version) is printed first: the CUDA
# libraries a CUDA build maps count in every figure.
set -euo pipefail
bin=$1 file=$2 out=$3
mkdir -p "$out"
measure() {  # NAME ARGS...: runs BINARY ARGS under /usr/bin/time -v
  local name=$1
  shift
  /usr/bin/time -v "$bin" "$@" >"$out/$name.out" 2>"$out/$name.time" || echo "$name: exit $?" >&2
  awk -v n="$name" '/Elapsed \(wall clock\)/ {t=$NF} /Maximum resident/ {m=$NF}
    END {split(t, a, ":"); s = (length(a) == 3 ? a[1]*3600 + a[2]*60 + a[3] : a[1]*60 + a[2]);
         printf "%-28s | %7.2f s | %6.0f MB\n", n, s, m/1024}' "$out/$name.time"
}
measure floor --version
measure report report "$file"
measure report-json report "$file" --format json
measure report-html report "$file" --format html
measure report-rank1 report "$file" --rank 1
measure compare-a0-b1 compare "$file" --a-rank 0 --b-rank 1
measure export-tidy export "$file" --tidy --output "$out/tidy"
measure plot plot "$file" --output "$out/plots" --format png
