#!/usr/bin/env bash
# scripts/slurm/autobench-job.sh picks the step's launcher and loads the program's modules as sites need:
# stand-in `srun`, `mpirun` and module systems (no SLURM needed) show which command a job would run:
#   - srun --mpi=pmix where `srun --mpi=list` has pmix; AUTOBENCH_MPI=pmi2 forces srun --mpi=pmi2;
#   - mpirun inside the allocation where srun lacks pmix, one rank per task on each node: Open MPI's
#     --map-by ppr:N:node, Hydra's (MPICH, Intel MPI) -ppn N; plain srun where neither is there;
#   - autobench_load sources a module system's init file when the batch shell has no `module`, loads
#     $AUTOBENCH_MODULES in order, does nothing with AUTOBENCH_BIN, and fails in one line with neither.
set -euo pipefail
: "${AUTOBENCH_SOURCE_DIR:?}" "${AUTOBENCH_SCRATCH:?}"
job_sh=$AUTOBENCH_SOURCE_DIR/scripts/slurm/autobench-job.sh
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
rm -rf "$AUTOBENCH_SCRATCH"
mkdir -p "$AUTOBENCH_SCRATCH/bin" "$AUTOBENCH_SCRATCH/mpich"
fake=$(cd "$AUTOBENCH_SCRATCH" && pwd)
cat >"$fake/bin/srun" <<'SH'
#!/bin/sh
[ "$1" = "--mpi=list" ] && { printf 'srun: MPI types are...\nsrun: none\n%s' "$FAKE_PLUGINS"; exit 0; }
echo "srun $*" >>"$FAKE_CALLS"
SH
cat >"$fake/bin/mpirun" <<'SH'
#!/bin/sh
[ "$1" = "--version" ] && { echo "mpirun (Open MPI) 4.1.4"; exit 0; }
echo "mpirun $*" >>"$FAKE_CALLS"
SH
cat >"$fake/mpich/mpirun" <<'SH'
#!/bin/sh
[ "$1" = "--version" ] && { echo "HYDRA build details:"; exit 0; }
echo "mpirun $*" >>"$FAKE_CALLS"
SH
chmod +x "$fake/bin/srun" "$fake/bin/mpirun" "$fake/mpich/mpirun"
export FAKE_CALLS=$fake/calls

# launched PATH PLUGINS [VAR=VALUE...]: the command a 4-node job with one task per node runs.
launched() {
  local path=$1 plugins=$2
  shift 2
  rm -f "$FAKE_CALLS"
  env -i PATH="$path" FAKE_PLUGINS="$plugins" FAKE_CALLS="$FAKE_CALLS" SLURM_NTASKS=4 SLURM_NTASKS_PER_NODE='1(x4)' \
    AUTOBENCH_BIN=autobench-mpi AUTOBENCH_OUTPUT="$fake/results" "$@" \
    bash -c 'source "$1" && autobench_run --suite quick >/dev/null' _ "$job_sh" || true
  cat "$FAKE_CALLS" 2>/dev/null
}
expect() {
  [[ $1 == "$2"* ]] || fail "$3: ran '$1', expected '$2 ...'"
  echo "ok: $3: $2"
}
pmix=$'srun: pmi2\nsrun: pmix\nsrun: pmix_v4\n'
expect "$(launched "$fake/bin:/usr/bin:/bin" "$pmix")" "srun --mpi=pmix autobench-mpi --suite quick" "srun with pmix"
expect "$(launched "$fake/bin:/usr/bin:/bin" "$pmix" AUTOBENCH_MPI=pmi2)" "srun --mpi=pmi2 autobench-mpi" "AUTOBENCH_MPI=pmi2"
expect "$(launched "$fake/bin:/usr/bin:/bin" $'srun: pmi2\n')" \
  "mpirun -n 4 --map-by ppr:1:node --bind-to none autobench-mpi --suite quick" "no pmix, Open MPI's mpirun"
expect "$(launched "$fake/mpich:$fake/bin:/usr/bin:/bin" "" AUTOBENCH_MPI=mpirun)" "mpirun -n 4 -ppn 1 autobench-mpi" \
  "Hydra's mpirun"
mkdir -p "$fake/srun-only" && ln -sf "$fake/bin/srun" "$fake/srun-only/srun"
for tool in bash cat comm date grep head ls mkdir sort xargs; do ln -sf "$(command -v $tool)" "$fake/srun-only/$tool"; done
expect "$(launched "$fake/srun-only" $'srun: pmi2\n')" "srun autobench-mpi --suite quick" \
  "neither pmix nor mpirun: the site's default plugin"

# Module systems: an init file that defines `module` (recording its arguments) in a stand-in MODULESHOME.
mkdir -p "$fake/modules/init"
cat >"$fake/modules/init/bash" <<'SH'
module() { echo "module $*" >>"$FAKE_CALLS"; }
SH
loaded() {
  rm -f "$FAKE_CALLS"
  local rc=0
  env -i PATH=/usr/bin:/bin FAKE_CALLS="$FAKE_CALLS" "$@" bash -c 'set -u; source "$1" && autobench_load' _ "$job_sh" \
    >"$fake/load.out" 2>&1 || rc=$?
  echo "$rc $(cat "$FAKE_CALLS" 2>/dev/null)"
}
[[ $(loaded MODULESHOME="$fake/modules" AUTOBENCH_MODULES="cuda/12.4 openmpi autobench-mpi") == \
  "0 module load cuda/12.4 openmpi autobench-mpi" ]] || fail "no module in the batch shell: $(loaded MODULESHOME="$fake/modules" AUTOBENCH_MODULES="cuda/12.4 openmpi autobench-mpi"; cat "$fake/load.out")"
echo "ok: no 'module' in the job: the module system's init sourced, the modules loaded in order"
[[ $(loaded MODULESHOME="$fake/modules" AUTOBENCH_MODULES=autobench-mpi AUTOBENCH_BIN=/opt/autobench-mpi) == "0 " ]] ||
  fail "AUTOBENCH_BIN set, yet modules were loaded"
echo "ok: AUTOBENCH_BIN skips the modules"
if [[ ! -f /etc/profile.d/lmod.sh && ! -f /etc/profile.d/modules.sh && ! -f /usr/share/lmod/lmod/init/bash &&
  ! -f /usr/share/modules/init/bash ]]; then
  out=$(loaded MODULESHOME="$fake/none" AUTOBENCH_MODULES=autobench-mpi)
  [[ ${out%% *} == 1 && $(wc -l <"$fake/load.out") -eq 1 ]] && grep -q "set AUTOBENCH_BIN" "$fake/load.out" ||
    fail "no module system: expected one line and status 1, got '$out': $(cat "$fake/load.out")"
  echo "ok: no module system: one line naming AUTOBENCH_BIN"
else
  echo "(a module system is installed here: the no-module-system case is not tried)"
fi
