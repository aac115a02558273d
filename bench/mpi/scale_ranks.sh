#!/usr/bin/env bash
# Many sim ranks in one job, written in parts (issue 44): for each rank count, one
#   mpirun -n P --oversubscribe autobench-mpi --suite $SUITE --backend sim
# and a table of: launch to the first finished campaign, rank 0's last step (gather + root file) and its
# parts, bytes gathered per rank, rank 0's peak memory, the wall time against 1 rank, and `report` on the
# file (table and JSON: seconds, peak memory).
#   bench/mpi/scale_ranks.sh OUT_DIR "8 32 128 256"        (SUITE=full by default; e.g. SUITE=quick)
#   BASE_WALL=41.2 bench/mpi/scale_ranks.sh OUT_DIR "256"   (one count alone; "vs 1 rank" against that wall)
# Writes OUT_DIR/runs-P/ (each run), OUT_DIR/P.log (its output, timestamped) and OUT_DIR/scale.md. `report`
# of a run in parts reads its root alone (seconds, not minutes, at 256 ranks), so each count adds little
# after its run.
set -euo pipefail
out=${1:?usage: scale_ranks.sh OUT_DIR "RANKS ..."}
counts=${2:-"1 8 32 128 256"}
suite=${SUITE:-full}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${AUTOBENCH_BINARY:-$here/build/suite/autobench-mpi}
py=${AUTOBENCH_PYTHON:-python3}
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Runs "$@", every output line prefixed with the seconds since it started; prints the wall seconds last.
timed() {
  "$py" - "$@" <<'PY'
import subprocess, sys, time
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
for line in p.stdout:
    sys.stdout.write(f"{time.monotonic() - t0:9.3f} {line}")
rc = p.wait()
print(f"{time.monotonic() - t0:9.3f} WALL rc={rc}")
sys.exit(rc)
PY
}

field() { sed -n "$1" "$2" | head -1 || true; }  # head may close the pipe early
{
  echo "| ranks | wall | vs 1 rank | launch to 1st campaign | rank 0's last step | gather | root file | summary.json | gathered per rank (max) | rank 0 peak memory | root file | report | report peak memory | report --format json | its peak memory |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
} >"$out/scale.md"
base=${BASE_WALL:-}
for p in $counts; do
  log=$out/$p.log
  rm -rf "$out/runs-$p"
  timed mpirun -n "$p" --oversubscribe "$bin" --suite "$suite" --backend sim --output "$out/runs-$p" >"$log" 2>&1 ||
    echo "run of $p ranks exited $?" >&2
  wall=$(field 's/^ *\([0-9.]*\) WALL.*/\1/p' "$log")
  first=$(field 's/^ *\([0-9.]*\) \[ *[0-9.]* s\] rank .*/\1/p' "$log")
  step=$(field 's/.*done in .* (gather + write \([0-9.]*\) s).*/\1/p' "$log")
  gather=$(field "s/.*rank 0's last step: gather \([0-9.]*\) s.*/\1/p" "$log")
  rootf=$(field 's/.*the root file \([0-9.]*\) s.*/\1/p' "$log")
  summ=$(field 's/.*summary.json \([0-9.]*\) s.*/\1/p' "$log")
  most=$(field 's/.*at most \([0-9]*\) B per rank.*/\1/p' "$log")
  total=$(field 's/.*gathered .* (\([0-9]*\) B, at most.*/\1/p' "$log")
  peak=$(field 's/.*peak memory \(.*\)$/\1/p' "$log")
  h5=$(ls "$out/runs-$p"/*/autobench.h5 2>/dev/null | head -1 || true)
  size=$([[ -n $h5 ]] && du -b "$h5" | cut -f1 || echo "-")
  rep="-"; rep_mem="-"; json="-"; json_mem="-"
  if [[ -n $h5 ]]; then
    /usr/bin/time -v "$bin" report "$h5" >"$out/report-$p.txt" 2>"$out/report-$p.time" || true
    rep=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): \(.*\)/\1/p' "$out/report-$p.time")
    rep_mem="$(( $(sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\)/\1/p' "$out/report-$p.time") / 1024 )) MiB"
    /usr/bin/time -v "$bin" report --format json "$h5" >/dev/null 2>"$out/report-json-$p.time" || true
    json=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): \(.*\)/\1/p' "$out/report-json-$p.time")
    json_mem="$(( $(sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\)/\1/p' "$out/report-json-$p.time") / 1024 )) MiB"
  fi
  [[ -z $base ]] && base=$wall
  ratio=$(awk -v a="$wall" -v b="$base" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')
  per=$(awk -v t="${total:-0}" -v p="$p" 'BEGIN { printf "%d", t / p }')
  echo "| $p | ${wall} s | $ratio | ${first:-?} s | ${step:-?} s | ${gather:-?} s | ${rootf:-?} s | ${summ:-?} s | $per B ($most) | ${peak:-?} | $size B | $rep | $rep_mem | $json | $json_mem |" >>"$out/scale.md"
done
{
  echo
  echo "suite $suite, sim backend, $(nproc) cores, $(hostname), $(date -u +%FT%TZ), $("$bin" --version 2>/dev/null | head -1)"
} >>"$out/scale.md"
cat "$out/scale.md"
