# The body the scripts/slurm/*.sbatch templates share; sourced inside a batch script.
# `autobench_run ARGS...` runs `srun --mpi=pmix autobench-mpi ARGS... --output "$RESULTS_DIR"`, forwards
# the early warning SIGUSR1 (from `#SBATCH --signal=B:USR1@60`) to the step so the program can flush
# its journal and write a partial file, and prints where the result file is. Returns srun's status
# (1 when srun says 0 but no autobench.h5 appeared).
#
# Environment (all optional):
#   AUTOBENCH_BIN        the program (default: autobench-mpi on PATH)
#   AUTOBENCH_OUTPUT     results directory (default: $SLURM_SUBMIT_DIR/results); the program writes
#                        <it>/<timestamp>/autobench.h5
#   AUTOBENCH_ARGS       extra program arguments, split on spaces (e.g. "--backend sim --verbose")
#   AUTOBENCH_MPI        srun's --mpi plugin (default: pmix)
#   AUTOBENCH_SRUN_ARGS  extra srun options, split on spaces
# shellcheck shell=bash

_autobench_forward_usr1() {
  _autobench_trapped=1
  echo "autobench job: time limit near, forwarding SIGUSR1 to the step (pid $_autobench_step)"
  kill -USR1 "$_autobench_step" 2>/dev/null || true
}

# The run directories under $1, one per line.
_autobench_run_dirs() {
  local d
  for d in "$1"/*/; do [[ -d $d ]] && echo "${d%/}"; done
  return 0
}

autobench_run() {
  local bin=${AUTOBENCH_BIN:-autobench-mpi}
  local extra=() srun_extra=() before dir rc=0 prev
  RESULTS_DIR=${AUTOBENCH_OUTPUT:-${SLURM_SUBMIT_DIR:-$PWD}/results}
  read -r -a extra <<<"${AUTOBENCH_ARGS:-}"
  read -r -a srun_extra <<<"${AUTOBENCH_SRUN_ARGS:-}"
  mkdir -p "$RESULTS_DIR" || return 1
  before=$(_autobench_run_dirs "$RESULTS_DIR")

  local cmd=(srun --mpi="${AUTOBENCH_MPI:-pmix}" "${srun_extra[@]}" "$bin" "$@" --output "$RESULTS_DIR" "${extra[@]}")
  echo "autobench job ${SLURM_JOB_ID:-?} (${SLURM_JOB_NAME:-?}): ${SLURM_JOB_NUM_NODES:-?} node(s)" \
    "[${SLURM_JOB_NODELIST:-?}], ${SLURM_NTASKS:-?} rank(s), started $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "+ ${cmd[*]}"

  # srun runs in the background so the batch shell can take the signal while the step runs;
  # srun passes the forwarded SIGUSR1 on to every task.
  "${cmd[@]}" &
  _autobench_step=$!
  trap _autobench_forward_usr1 USR1
  while :; do
    _autobench_trapped=0
    prev=$rc
    rc=0
    wait "$_autobench_step" || rc=$?
    ((_autobench_trapped)) || break # a trap interrupts wait (status > 128): wait again
  done
  ((rc == 127)) && rc=$prev # the step's status was already collected when the signal came
  trap - USR1

  # Our run directory: the one that appeared during this job (the newest one if several did).
  dir=$(comm -13 <(sort <<<"$before") <(_autobench_run_dirs "$RESULTS_DIR" | sort) |
    xargs -r -d '\n' ls -1td | head -n 1)
  echo "autobench job: step finished with status $rc at $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if [[ -n $dir && -f $dir/autobench.h5 ]]; then
    echo "autobench job: result file: $dir/autobench.h5"
  elif [[ -n $dir ]]; then
    echo "autobench job: no complete result file; partial results in $dir:"
    ls -l "$dir"
  else
    echo "autobench job: no result directory was created under $RESULTS_DIR"
  fi
  # srun can report 0 for a step that never launched (e.g. an MPI plugin failure): no file, no success.
  if ((rc == 0)) && [[ ! -f $dir/autobench.h5 ]]; then
    echo "autobench job: the step reported success but wrote no result file; failing the job"
    rc=1
  fi
  return "$rc"
}
