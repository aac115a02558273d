#!/usr/bin/env bash
# The sim check of the rank projection in bench/mpi/README.md ("Beyond one node"): `--suite quick` on
# the sim backend with `--sim-realtime 1` (each rank sleeps through its simulated kernel and window time,
# as a GPU rank waits on its GPU), N ranks oversubscribed on this machine, for each N given. Writes each
# run's output to OUT_DIR/nN.txt and a table to OUT_DIR/summary.txt: ranks, mpirun wall, the run's own
# "done in", rank 0's gather + write (the same line), its gather phase (its time-split line), the
# gathered bytes and the file's bytes;
# the first lines say the date, the machine and the exact command.
# Usage: bench/mpi/sim_scaling.sh OUT_DIR [N ...]   (default N: 1 2 4 8 16; binary: $AUTOBENCH_BINARY,
# else build/suite/autobench-mpi)
set -euo pipefail
out=${1:?usage: bench/mpi/sim_scaling.sh OUT_DIR [N ...]}
shift
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4 8 16)
bin=${AUTOBENCH_BINARY:-build/suite/autobench-mpi}
[ -x "$bin" ] || { echo "sim_scaling.sh: no binary at $bin (build autobench-mpi first)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
summary=$out/summary.txt
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(uname -n), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "binary: $bin ($("$bin" --version 2>/dev/null | head -1))"
  echo "command: mpirun -n N --oversubscribe $bin --suite quick --backend sim --sim-realtime 1 --output $out/runs"
  printf '%6s %9s %9s %15s %9s %14s %12s\n' ranks wall_s done_s gather+write_s gather_s gathered_B file_B
} >"$summary"
for n in "${ranks[@]}"; do
  log=$out/n$n.txt
  start=$(date +%s.%N)
  mpirun -n "$n" --oversubscribe "$bin" --suite quick --backend sim --sim-realtime 1 --output "$out/runs" >"$log" 2>&1
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  done_s=$(sed -n 's/^done in \([0-9.]*\) s.*/\1/p' "$log")
  gather=$(sed -n 's/^rank 0 time split:.* gather \([0-9.]*\),.*/\1/p' "$log")
  both=$(sed -n 's/^done in .*(gather + write \([0-9.]*\) s).*/\1/p' "$log")
  bytes=$(sed -n 's/^gathered .* (\([0-9]*\) B, at most .*) of results.*/\1/p' "$log")
  file=$(sed -n 's/^done in .*; results: \([^ ]*\) .*/\1/p' "$log")
  printf '%6s %9.2f %9s %15s %9s %14s %12s\n' "$n" "$wall" "$done_s" "$both" "$gather" "${bytes:-?}" \
    "$(stat -c %s "$file" 2>/dev/null || echo ?)" >>"$summary"
done
cat "$summary"
