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
# "incomplete" or "complete" (report names the status of incomplete runs only), "unreadable" otherwise.
status_of() {
  local text
  text=$("$bin" report "$1" 2>/dev/null) || { echo unreadable; return; }
  grep -q '^status: incomplete' <<<"$text" && echo incomplete || echo complete
}

timeout -s TERM 8 mpirun -n 2 --oversubscribe "$bin" --suite quick --repeats 3 --backend sim --sim-realtime 1 \
  --output "$scratch/out" >"$scratch/log" 2>&1
rc=$?
((rc != 0)) || fail "the run ended (exit 0) before the signal: make it longer"
run_dir=$(find "$scratch/out" -mindepth 1 -maxdepth 1 -type d | head -1)
[[ -n $run_dir ]] || fail "no run directory"
h5=$run_dir/autobench.h5
if [[ -f $h5 ]]; then
  echo "ok: the ranks wrote $h5 before mpirun ended them"
  said=$(cat "$scratch/log")
else
  last=$(tail -1 "$scratch/log")
  [[ $last == *"build it from the journals with: autobench-mpi merge $run_dir" ]] ||
    fail "no results file, and the last line printed does not say how to get it: '$last'"
  echo "ok: no results file; the last line printed says how to get it: $last"
  "$bin" merge "$run_dir" >"$scratch/merge.out" 2>&1 || { cat "$scratch/merge.out"; fail "merge failed"; }
  said=$(cat "$scratch/merge.out")
fi
[[ $(status_of "$h5") == incomplete ]] || fail "$h5 is not marked incomplete"
resume="mpirun -n 2 autobench-mpi --resume $run_dir"
[[ $said == *"$resume"* ]] || fail "the resume command printed does not name mpirun -n 2: '$said'"
OMPI_MCA_rmaps_base_oversubscribe=1 mpirun -n 2 "$bin" --resume "$run_dir" -q >"$scratch/resume.out" 2>&1 ||
  { cat "$scratch/resume.out"; fail "the printed resume command failed"; }
[[ $(status_of "$h5") == complete ]] || fail "$h5 is not complete after the resume"
rm -rf "$scratch"
echo "ok: SIGTERM to mpirun left a resumable run, completed with: $resume"
