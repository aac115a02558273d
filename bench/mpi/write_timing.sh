#!/usr/bin/env bash
# Rank 0's last step alone, binary against binary on one machine: `merge` builds RUN_DIR/autobench.h5 and
# its exports again from the run's journals (the run's own file and exports are removed first), REPS
# times per binary, alternating; prints each merge's wall time, and the file's size.
#   bench/mpi/write_timing.sh OUT_DIR RUN_DIR REPS BINARY...
source "$(dirname "$0")/../script_setup.sh" "$@"
RUN=$2 REPS=$3
shift 3
for ((rep = 1; rep <= REPS; ++rep)); do
  for bin in "$@"; do
    rm -rf "$RUN/autobench.h5" "$RUN/summary.json" "$RUN/csv"
    t0=$(date +%s%N)
    "$bin" merge "$RUN" > "$OUT/merge.txt" 2>&1 || { cat "$OUT/merge.txt"; exit 1; }
    echo "merge $rep $bin: $((($(date +%s%N) - t0) / 1000000)) ms, $(stat -c %s "$RUN/autobench.h5") B" | tee -a "$LOG"
  done
done
