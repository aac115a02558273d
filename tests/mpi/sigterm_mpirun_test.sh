#!/usr/bin/env bash
# SIGTERM to mpirun, as a new user sends it (`timeout -s TERM T mpirun -n 2 ...`): mpirun forwards it and
# kills the ranks a second later, so either the run's results file is there, marked incomplete, or the
# last line autobench-mpi printed is the command that builds it (`autobench-mpi merge RUN_DIR`). Either
# way the run then continues to a complete file with the resume command printed, which names the
# `mpirun -n 2` it needs.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; echo "--- output:"; cat "$scratch/log"; exit 1; }
# The command a line tells to run, with this build's binary for autobench-mpi.
command_in() { sed -e 's/^.*\(with\|with:\|Continue with:\) *//' <<<"$1" | sed -e "s#autobench-mpi #$bin #"; }
status_of() { /work/venv/bin/python3 -c 'import h5py, sys; print(h5py.File(sys.argv[1])["/"].attrs["status"])' "$1" 2>/dev/null ||
  "$bin" report "$1" 2>/dev/null | grep -o 'incomplete\|complete' | head -1; }

timeout -s TERM 8 mpirun -n 2 --oversubscribe "$bin" --suite quick --repeats 3 --backend sim --sim-realtime 1 \
  --output "$scratch/out" >"$scratch/log" 2>&1
rc=$?
((rc != 0)) || fail "the run ended (exit 0) before the signal: make it longer"
run_dir=$(find "$scratch/out" -mindepth 1 -maxdepth 1 -type d | head -1)
[[ -n $run_dir ]] || fail "no run directory"
h5=$run_dir/autobench.h5
ours=$(grep '^autobench-mpi' "$scratch/log" | tail -1)
if [[ -f $h5 ]]; then
  echo "ok: the ranks wrote $h5 before mpirun ended them"
else
  last=$(tail -1 "$scratch/log")
  [[ $last == "$ours" ]] || fail "the last line printed is not autobench-mpi's: '$last'"
  [[ $ours == *"merge $run_dir" ]] || fail "the last line does not say how to get the results file: '$ours'"
  echo "ok: the last line printed says how to get the results file: $ours"
  eval "$(command_in "$ours")" >"$scratch/merge.out" 2>&1 || fail "$(cat "$scratch/merge.out")"
  [[ -f $h5 ]] || fail "merge wrote no $h5"
  ours=$(tail -1 "$scratch/merge.out")
fi
[[ $(status_of "$h5") == incomplete ]] || fail "$h5 is not marked incomplete"
[[ $ours == *"mpirun -n 2 autobench-mpi --resume $run_dir"* ]] ||
  fail "the resume command does not name mpirun -n 2: '$ours'"
resume=$(grep -o "mpirun -n 2 autobench-mpi --resume $run_dir" <<<"$ours")
OMPI_MCA_rmaps_base_oversubscribe=1 eval "$(command_in "$resume") -q" >"$scratch/resume.out" 2>&1 ||
  fail "the printed resume command failed: $(cat "$scratch/resume.out")"
[[ $(status_of "$h5") == complete ]] || fail "$h5 is not complete after the resume"
rm -rf "$scratch"
echo "ok: SIGTERM to mpirun left a resumable run, completed with: $resume"
