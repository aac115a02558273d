# The body the scripts/slurm/*.sbatch templates share; sourced inside a batch script.
# `autobench_load` loads the program's modules ($AUTOBENCH_MODULES; the site's module system is sourced
# first where the batch shell has no `module` command). `autobench_run ARGS...` runs `LAUNCHER autobench-mpi
# ARGS... --backend cuda --output "$RESULTS_DIR"` and prints where the result file is; `autobench_calibrate
# ARGS...` runs `LAUNCHER autobench-mpi calibrate --backend cuda --clocks "$AUTOBENCH_CLOCKS" --output
# "$AUTOBENCH_CALIBRATION" ARGS...` and resets the GPU clocks when the job ends, however it ends. LAUNCHER
# is `srun --mpi=pmix` where srun has PMIx, else `mpirun` inside the allocation (one rank per task), else
# plain `srun` (AUTOBENCH_MPI picks one). Both forward the early warning SIGUSR1 (from `#SBATCH
# --signal=B:USR1@60`) to the step so the program can stop cleanly (a run flushes its journal and writes a
# partial file; calibrate restores the clocks), and return the step's status (1 when the launcher says 0
# but the expected file did not appear).
#
# Environment (all optional):
#   AUTOBENCH_BIN          the program (default: autobench-mpi on PATH, from `module load $AUTOBENCH_MODULES`)
#   AUTOBENCH_MODULES      modules autobench_load loads, in order (the templates' one edit; default
#                          autobench-mpi); skipped when AUTOBENCH_BIN is set
#   AUTOBENCH_BACKEND      --backend (default: cuda, so a node without a usable GPU fails the job instead of
#                          measuring a simulation; `sim` is for trying the templates without GPUs)
#   AUTOBENCH_OUTPUT       results directory (default: $SLURM_SUBMIT_DIR/results); a run writes
#                          <it>/<timestamp>/autobench.h5
#   AUTOBENCH_CALIBRATION  calibration file of autobench_calibrate (default: $SLURM_SUBMIT_DIR/calibration.json;
#                          records of other GPUs in it are kept)
#   AUTOBENCH_CLOCKS       SM clocks autobench_calibrate locks, MHz: LO:HI:STEP or a list, at least 6 distinct
#                          (default 900:1400:100; `nvidia-smi -q -d SUPPORTED_CLOCKS` lists a GPU's)
#   AUTOBENCH_ARGS         extra program arguments, split on spaces (e.g. "--verbose")
#   AUTOBENCH_MPI          the launch: an srun --mpi plugin (pmix, pmi2, ...: `srun --mpi=PLUGIN`) or `mpirun`
#                          (default: pmix where `srun --mpi=list` has it, else mpirun where on PATH, else srun)
#   AUTOBENCH_SRUN_ARGS    extra launcher options, split on spaces
# shellcheck shell=bash

# The module systems' bash init files, where sites put them (Environment Modules, Lmod).
_autobench_module_inits=("${MODULESHOME:-/nonexistent}/init/bash" /etc/profile.d/lmod.sh /etc/profile.d/modules.sh
                         /usr/share/lmod/lmod/init/bash /usr/share/modules/init/bash)

autobench_load() {
  [[ -z ${AUTOBENCH_BIN:-} && -n ${AUTOBENCH_MODULES:-} ]] || return 0
  local init modules=()
  if ! type module >/dev/null 2>&1; then # the submitting shell did not export it
    for init in "${_autobench_module_inits[@]}"; do
      [[ -f $init ]] || continue
      set +u # the init scripts read unset variables
      # shellcheck disable=SC1090
      source "$init"
      set -u
      break
    done
  fi
  if ! type module >/dev/null 2>&1; then
    echo "autobench job: no 'module' command and no module system in ${_autobench_module_inits[*]}:" \
      "set AUTOBENCH_BIN=/path/to/autobench-mpi"
    return 1
  fi
  read -r -a modules <<<"$AUTOBENCH_MODULES"
  module load "${modules[@]}" || { echo "autobench job: module load ${modules[*]} failed"; return 1; }
}

# Sets _autobench_launcher to the step's launcher words (AUTOBENCH_MPI, or detected: see the top).
_autobench_launch() {
  local mpi=${AUTOBENCH_MPI:-} per_node=${SLURM_NTASKS_PER_NODE:-1}
  per_node=${per_node%%(*} # "1(x4)": one per node on four nodes
  if [[ -z $mpi ]]; then
    if srun --mpi=list 2>&1 | grep -q 'pmix'; then
      mpi=pmix
    elif command -v mpirun >/dev/null; then
      mpi=mpirun
    fi
  fi
  if [[ $mpi != mpirun ]]; then
    _autobench_launcher=(srun ${mpi:+--mpi="$mpi"})
  elif mpirun --version 2>&1 | grep -qi 'open mpi\|open-mpi\|openrte'; then
    _autobench_launcher=(mpirun -n "${SLURM_NTASKS:-1}" --map-by "ppr:$per_node:node" --bind-to none)
  else # MPICH, Intel MPI (Hydra)
    _autobench_launcher=(mpirun -n "${SLURM_NTASKS:-1}" -ppn "$per_node")
  fi
}

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

# _autobench_step ARGS...: `LAUNCHER $AUTOBENCH_SRUN_ARGS autobench-mpi ARGS... --backend B $AUTOBENCH_ARGS`
# in the background, so the batch shell can take SIGUSR1 and pass it on while the step runs (srun and
# mpirun pass it to every task); sets _autobench_rc to the step's status.
_autobench_step() {
  local extra=() srun_extra=() prev
  read -r -a extra <<<"${AUTOBENCH_ARGS:-}"
  read -r -a srun_extra <<<"${AUTOBENCH_SRUN_ARGS:-}"
  _autobench_launch
  local cmd=("${_autobench_launcher[@]}" "${srun_extra[@]}" "${AUTOBENCH_BIN:-autobench-mpi}" "$@"
             --backend "${AUTOBENCH_BACKEND:-cuda}" "${extra[@]}")
  echo "autobench job ${SLURM_JOB_ID:-?} (${SLURM_JOB_NAME:-?}): ${SLURM_JOB_NUM_NODES:-?} node(s)" \
    "[${SLURM_JOB_NODELIST:-?}], ${SLURM_NTASKS:-?} rank(s), started $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "+ ${cmd[*]}"
  "${cmd[@]}" &
  _autobench_step=$!
  trap _autobench_forward_usr1 USR1
  _autobench_rc=0
  while :; do
    _autobench_trapped=0
    prev=$_autobench_rc
    _autobench_rc=0
    wait "$_autobench_step" || _autobench_rc=$?
    ((_autobench_trapped)) || break # a trap interrupts wait (status > 128): wait again
  done
  ((_autobench_rc == 127)) && _autobench_rc=$prev # the step's status was already collected when the signal came
  trap - USR1
  echo "autobench job: step finished with status $_autobench_rc at $(date -u +%Y-%m-%dT%H:%M:%SZ)"
}

autobench_run() {
  local before dir
  RESULTS_DIR=${AUTOBENCH_OUTPUT:-${SLURM_SUBMIT_DIR:-$PWD}/results}
  mkdir -p "$RESULTS_DIR" || return 1
  before=$(_autobench_run_dirs "$RESULTS_DIR")
  _autobench_step "$@" --output "$RESULTS_DIR"

  # Our run directory: the one that appeared during this job (the newest one if several did).
  dir=$(comm -13 <(sort <<<"$before") <(_autobench_run_dirs "$RESULTS_DIR" | sort) |
    xargs -r -d '\n' ls -1td | head -n 1)
  if [[ -n $dir && -f $dir/autobench.h5 ]]; then
    echo "autobench job: result file: $dir/autobench.h5"
  elif [[ -n $dir ]]; then
    echo "autobench job: no complete result file; partial results in $dir:"
    ls -l "$dir"
  else
    echo "autobench job: no result directory was created under $RESULTS_DIR"
  fi
  # srun can report 0 for a step that never launched (e.g. an MPI plugin failure): no file, no success.
  if ((_autobench_rc == 0)) && [[ ! -f $dir/autobench.h5 ]]; then
    echo "autobench job: the step reported success but wrote no result file; failing the job"
    _autobench_rc=1
  fi
  return "$_autobench_rc"
}

_autobench_clocks_touched=0
# Resets locked SM clocks and application clocks of the node's GPUs (the job has the node to itself:
# --exclusive), once. nvidia-smi needs root for this, as locking does; without nvidia-smi the program does it.
_autobench_restore_clocks() {
  ((_autobench_clocks_touched)) || return 0
  _autobench_clocks_touched=0
  echo "autobench job: restoring the GPU clocks"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi -rgc || echo "autobench job: nvidia-smi -rgc failed: reset the locked clocks as root"
    nvidia-smi -rac || echo "autobench job: nvidia-smi -rac failed: reset the application clocks as root"
  else
    "${AUTOBENCH_BIN:-autobench-mpi}" calibrate --restore-clocks --backend cuda ||
      echo "autobench job: autobench-mpi calibrate --restore-clocks failed: reset the clocks as root"
  fi
}

autobench_calibrate() {
  local file=${AUTOBENCH_CALIBRATION:-${SLURM_SUBMIT_DIR:-$PWD}/calibration.json} started
  mkdir -p "$(dirname "$file")" || return 1
  started=$(date +%s)
  # calibrate locks SM clocks and restores them itself on every exit it sees (errors, SIGINT, SIGTERM,
  # SIGUSR1); these traps also cover a step killed outright (SIGKILL after SLURM's KillWait).
  if [[ ${AUTOBENCH_BACKEND:-cuda} != sim ]]; then
    _autobench_clocks_touched=1
    trap _autobench_restore_clocks EXIT
    trap '_autobench_restore_clocks; exit 143' TERM
  fi
  _autobench_step calibrate --clocks "${AUTOBENCH_CLOCKS:-900:1400:100}" --output "$file" "$@"
  _autobench_restore_clocks
  if [[ -f $file && $(stat -c %Y "$file") -ge $started ]]; then
    echo "autobench job: calibration file: $file"
  elif ((_autobench_rc == 0)); then
    echo "autobench job: the step reported success but did not write $file; failing the job"
    _autobench_rc=1
  else
    echo "autobench job: no calibration written to $file"
  fi
  return "$_autobench_rc"
}
