#!/usr/bin/env bash
# The suite under a real 4-node SLURM (scripts/slurm/local-cluster.sh on this host): a plain
# `srun --mpi=pmix` step and every scripts/slurm/*.sbatch template through `sbatch --wait` must each
# write their file: one complete HDF5 file with its ranks on distinct nodes (hostname = SLURMD_NODENAME),
# or for calibrate.sbatch the calibration file (and a cuda calibration resets the clocks as it ends); the
# screen.sbatch log also holds the verdict table. `scancel --signal=TERM` of a step, and SIGTERM to
# `autobench-launch srun`, stop it with exit 3. A 4 x 2-task job in parts whose node n3 tasks are
# killed mid-run finishes with `--resume` in a second job of the same shape.
# Needs root (the daemons run as root; packages are installed if missing); exit 77 = skipped.
set -euo pipefail

: "${AUTOBENCH_BINARY:?}" "${AUTOBENCH_SOURCE_DIR:?}" "${AUTOBENCH_SCRATCH:?}"
slurm_scripts=$AUTOBENCH_SOURCE_DIR/scripts/slurm
cluster=$slurm_scripts/local-cluster.sh
t0=$SECONDS

step() { echo "=== [$((SECONDS - t0)) s] $*"; }
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if [[ $(id -u) -ne 0 ]]; then
  echo "SKIP: the local SLURM cluster runs its daemons as root"
  exit 77
fi
command -v h5dump >/dev/null || fail "h5dump not found (apt-get install hdf5-tools)"
[[ -x $AUTOBENCH_BINARY ]] || fail "no program at $AUTOBENCH_BINARY"
# All emulated nodes share this one host, and with it /dev/shm: Open MPI's shared-memory transport (vader)
# segfaults between them (the 4 x 2 job), and a task has twice died by SIGSEGV at start-up of the 4 x 1
# step under load, with TCP too (PMIx's shared-memory store, gds ds12/ds21, keeps per-node segments there).
# So every step and job here talks TCP and keeps PMIx's data in each process (sbatch passes the
# environment on; a real cluster needs neither line). A task that dies anyway in a step that should
# complete ends it at once (--kill-on-bad-exit) instead of leaving the others waiting for it.
export OMPI_MCA_btl=self,tcp PMIX_MCA_gds=hash
step "packages"
"$cluster" install || {
  echo "SKIP: cannot install the SLURM/munge/Open MPI packages"
  exit 77
}

rm -rf "$AUTOBENCH_SCRATCH"
mkdir -p "$AUTOBENCH_SCRATCH"
scratch=$(cd "$AUTOBENCH_SCRATCH" && pwd)
# Cluster state in the scratch dir (logs stay for a post-mortem) unless that makes the munge socket
# path longer than a unix socket allows.
cluster_dir=$scratch/cluster
if ((${#cluster_dir} > 80)); then cluster_dir=$(mktemp -d /tmp/autobench-slurm.XXXXXX); fi

# A free base port, so a cluster someone left running elsewhere does not collide with this one.
port_free() { ! ss -Hltn "sport = :$1" | grep -q .; }
base=17000
until port_free $base && port_free $((base + 1)) && port_free $((base + 2)) &&
  port_free $((base + 3)) && port_free $((base + 4)); do
  base=$((base + 10))
  ((base < 17500)) || fail "no five free TCP ports in 17000..17500"
done
export AUTOBENCH_SLURM_PORT=$base

trap '"$cluster" stop "$cluster_dir" || true' EXIT
trap 'exit 130' INT TERM
step "starting the 4-node cluster in $cluster_dir (ports $base-$((base + 4)))"
"$cluster" start "$cluster_dir"
export SLURM_CONF=$cluster_dir/etc/slurm.conf
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# The value of attribute $2 (a path like /devices/rank0/hostname) in file $1, quotes removed.
h5attr() {
  h5dump -a "$2" "$1" 2>/dev/null | sed -n 's/^ *(0): *//p' | head -n 1 | sed 's/^"\(.*\)"$/\1/'
}

# The one autobench.h5 under $1 must hold $2 complete sim ranks on distinct nodes (all of n1..n4 for 4).
check_result() {
  local where=$1 ranks=$2 files file r host hosts=()
  mapfile -t files < <(find "$where" -name autobench.h5 -type f)
  ((${#files[@]} == 1)) || fail "$where: expected one autobench.h5, found ${#files[@]}: $(find "$where" | head -n 20)"
  file=${files[0]}
  [[ $(h5attr "$file" /ranks) == "$ranks" ]] || fail "$file: ranks = '$(h5attr "$file" /ranks)', expected $ranks"
  [[ $(h5attr "$file" /status) == complete ]] || fail "$file: status = '$(h5attr "$file" /status)'"
  [[ $(h5attr "$file" /backend) == sim ]] || fail "$file: backend = '$(h5attr "$file" /backend)'"
  for ((r = 0; r < ranks; r++)); do
    host=$(h5attr "$file" "/devices/rank$r/hostname")
    [[ -n $host ]] || fail "$file: no attribute /devices/rank$r/hostname"
    hosts+=("$host")
  done
  [[ $(printf '%s\n' "${hosts[@]}" | sort -u | grep -c '^n[1-4]$') == "$ranks" ]] ||
    fail "$file: rank hostnames are '${hosts[*]}', expected $ranks of n1..n4 once each (the program must report SLURMD_NODENAME as hostname)"
  echo "ok: $file: $ranks rank(s) on ${hosts[*]}"
}

step "srun -N4 -n4 --mpi=pmix autobench-mpi --suite quick --backend sim"
timeout 300 srun -N4 -n4 --ntasks-per-node=1 --time=10 --mpi=pmix --kill-on-bad-exit=1 \
  "$AUTOBENCH_BINARY" --suite quick --backend sim --output "$scratch/srun" ||
  fail "the srun step failed (status $?)"
check_result "$scratch/srun" 4

# stopped_step NAME STOP [PREFIX...]: a 2-task srun step of the quick suite (PREFIX srun ..., output in
# $scratch/NAME, stderr in $scratch/NAME.err), stopped once both tasks journaled a point by STOP (scancel:
# `scancel --signal=TERM` of the job; kill: SIGTERM to the command started); it must exit 3, and $resume is
# set to the last line printed other than srun's and slurmstepd's.
stopped_step() {
  local name=$1 stop=$2 pid status=0
  shift 2
  "$@" srun -N2 -n2 --ntasks-per-node=1 --time=10 --mpi=pmix "$AUTOBENCH_BINARY" --suite quick --repeats 3 \
    --backend sim --sim-realtime 1 --power-window-ms 0 -q --output "$scratch/$name" 2>"$scratch/$name.err" >/dev/null &
  pid=$!
  for _ in $(seq 600); do
    (($(cat "$scratch/$name"/*/journal/rank*.jsonl 2>/dev/null | grep -c '"type":"point"') >= 2)) && break
    sleep 0.1
  done
  if [[ $stop == scancel ]]; then scancel --signal=TERM "$(squeue -h -o %i | head -1)"; else kill -TERM "$pid"; fi
  wait "$pid" || status=$?
  ((status == 3)) || fail "$name: exit $status, expected 3: $(tail -3 "$scratch/$name.err")"
  resume=$(grep -v '^srun: \|^slurmstepd' "$scratch/$name.err" | tail -1)
}

# `scancel --signal=TERM` reaches the tasks, which stop with exit 3 (srun returns it); the last line
# names the srun command that continues the run, and that command completes it. (SIGTERM or SIGHUP to
# srun itself kills the tasks at once: docs/promises.md.)
step "scancel --signal=TERM of a 2-task step, then the resume command it printed"
stopped_step signalled scancel
[[ $resume == *"continue with: srun -n 2 --mpi=pmix autobench-mpi --resume $scratch/signalled/"* ]] ||
  fail "the last line does not name the srun resume command: '$resume'"
resume=${resume#*continue with: }
timeout 900 ${resume/autobench-mpi/$AUTOBENCH_BINARY} -q >/dev/null || fail "the printed resume command failed: $resume"
h5dump -a /status "$scratch"/signalled/*/autobench.h5 | grep -q '"complete"' || fail "the resumed run is not complete"
echo "ok: scancel --signal=TERM gave exit 3, and the printed $resume completed the run"

# SIGTERM to `autobench-launch srun ...` (scripts/autobench-launch) reaches the tasks as SIGUSR1: exit 3, not the
# 137 of SIGTERM to srun itself, and the last line names the resume command through autobench-launch.
step "SIGTERM to autobench-launch srun of a 2-task step"
stopped_step launched kill "$AUTOBENCH_SOURCE_DIR/scripts/autobench-launch"
[[ $resume == *"continue with: autobench-launch srun -n 2 --mpi=pmix autobench-mpi --resume $scratch/launched/"* ]] ||
  fail "the last line does not name the resume command through autobench-launch: '$resume'"
echo "ok: SIGTERM to autobench-launch srun gave exit 3 and the last line $resume"

# A node lost mid-run in parts (RUN/parts/rank<R>.h5 + the root): a job of 4 nodes x 2 tasks whose node n3
# tasks are killed with SIGKILL mid-run (all nodes run on this host: the pids whose environment holds
# SLURMD_NODENAME=n3 and this cluster's SLURM_CONF) leaves no complete file but every rank's journal;
# `--resume RUN` in a second job of the same shape completes it with 8 parts and every campaign.
step "sbatch -N4 --ntasks-per-node=2: node n3's tasks killed mid-run, then --resume in a second job"
cat >"$scratch/nodelost.sbatch" <<SH
#!/bin/bash
srun --mpi=pmix --kill-on-bad-exit=1 "$AUTOBENCH_BINARY" "\$@"
SH
nodelost_job() { # ARGS...: sbatch --wait of the 4 x 2 job, its log in $scratch/nodelost-<jobid>.out
  timeout 300 sbatch --wait -N4 --ntasks-per-node=2 --time=10 --output="$scratch/nodelost-%j.out" \
    "$scratch/nodelost.sbatch" "$@"
}
nodelost_job --kernels vecadd,triad --suite quick --repeats 2 --backend sim --sim-realtime 1 \
  --power-window-ms 0 -q --output "$scratch/nodelost" &
job_pid=$!
victims=()
for _ in $(seq 600); do
  kill -0 "$job_pid" 2>/dev/null || fail "the 4 x 2 job ended before the kill: $(tail -5 "$scratch"/nodelost-*.out)"
  if (($(cat "$scratch"/nodelost/*/journal/rank*.jsonl 2>/dev/null | grep -c '"type":"point"') >= 200)); then
    for pid in $(pgrep -x autobench-mpi || true); do
      env_of=$(tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null) || continue
      grep -qx SLURMD_NODENAME=n3 <<<"$env_of" && grep -qxF "SLURM_CONF=$SLURM_CONF" <<<"$env_of" && victims+=("$pid")
    done
    break
  fi
  sleep 0.1
done
((${#victims[@]} == 2)) || fail "expected 2 autobench-mpi tasks on node n3 mid-run, found ${#victims[@]}"
kill -KILL "${victims[@]}"
job_rc=0
wait "$job_pid" || job_rc=$?
((job_rc != 0)) || fail "the job with node n3's tasks killed succeeded"
run=$(find "$scratch/nodelost" -mindepth 1 -maxdepth 1 -type d)
[[ -d $run/journal && $(find "$run/journal" -name 'rank*.jsonl' -size +0 | wc -l) == 8 ]] ||
  fail "$run: expected the journals of 8 ranks: $(ls "$run/journal" 2>&1)"
root_status=absent
[[ ! -e $run/autobench.h5 ]] || root_status=$(h5attr "$run/autobench.h5" /status)
[[ $root_status == absent || $root_status == incomplete ]] ||
  fail "$run/autobench.h5 is $root_status after node n3's tasks were killed"
echo "ok: job exit $job_rc, root file $root_status, journal points per rank:" \
  "$(for j in "$run"/journal/rank*.jsonl; do grep -c '"type":"point"' "$j"; done | tr '\n' ' ')"
step "the --resume job"
nodelost_job --resume "$run" -q || fail "the --resume job failed: $(tail -5 "$scratch"/nodelost-*.out)"
"$AUTOBENCH_PYTHON" - "$run" <<'PY' || fail "the resumed run in parts is not complete"
import glob, sys, h5py
run = sys.argv[1]
parts = sorted(glob.glob(f"{run}/parts/rank*.h5"))
assert len(parts) == 8, parts
with h5py.File(f"{run}/autobench.h5", "r") as f:
    assert f.attrs["status"] == "complete" and f.attrs["ranks"] == 8, dict(f.attrs)
    for kernel in ("vecadd", "triad"):
        for detector in ("triangle", "kneedle"):
            for r in range(8):
                for k in range(2):
                    c = f[f"campaigns/{kernel}/{detector}/rank{r}/repeat{k}"]
                    assert c.attrs["complete"] == 1, (c.name, dict(c.attrs))
print(f"ok: {run}: complete, 8 ranks, 8 parts, 2 kernels x 2 detectors x 8 ranks x 2 repeats")
PY

# Every template as a user submits it (from a directory of theirs, results and calibration file there
# by default), its #SBATCH lines unchanged: --gpus-per-task/--gpus-per-node=1 --gpu-bind=closest work because each
# emulated node has one fake gpu gres (local-cluster.sh: gres.conf File=/dev/null). The environment
# overrides stand in for a GPU (AUTOBENCH_BACKEND=sim instead of the templates' --backend cuda) and,
# except for the installed single-node.sbatch below, for the one edit (AUTOBENCH_BIN instead of the
# template's `module load autobench-mpi`).
export AUTOBENCH_BIN=$AUTOBENCH_BINARY AUTOBENCH_BACKEND=sim
submitted=()
# submit TEMPLATE [FOLDER]: sbatch --wait FOLDER/TEMPLATE.sbatch (default: the source tree's) from
# $scratch/TEMPLATE; sets job_rc, job_dir and job_log (printed). With a FOLDER, as installed: no
# AUTOBENCH_BIN, so the template's own `module load autobench-mpi` must find the program, and no
# exported `module` function, so the job must source the module system itself (MODULEPATH stays).
submit() {
  local folder=${2:-$slurm_scripts} unset=()
  [[ -z ${2:-} ]] || unset=(-u AUTOBENCH_BIN -u AUTOBENCH_SLURM_SCRIPTS -u 'BASH_FUNC_module%%' -u 'BASH_FUNC_ml%%'
                            -u 'BASH_FUNC__module_raw%%')
  job_dir=$scratch/$1
  submitted+=("$1.sbatch")
  mkdir -p "$job_dir"
  step "sbatch --wait $folder/$1.sbatch (AUTOBENCH_BACKEND=$AUTOBENCH_BACKEND${2:+, module load autobench-mpi})"
  job_rc=0
  (cd "$job_dir" && env "${unset[@]}" timeout 900 sbatch --wait --time=10 "$folder/$1.sbatch") || job_rc=$?
  job_log=$(find "$job_dir" -maxdepth 1 -name "autobench-$1-*.out" | head -n 1)
  [[ -n $job_log ]] || fail "no job log autobench-$1-<jobid>.out in $job_dir"
  echo "--- $job_log"
  cat "$job_log"
}

# single-node.sbatch exactly as installed: `cmake --install` into a prefix and `module use` of its
# modulefiles (MODULEPATH goes to the job; the `module` function does not, above). PATH-only where
# Environment Modules is absent.
installed=""
if [[ -f /usr/share/modules/init/bash && -n ${AUTOBENCH_BUILD_DIR:-} ]]; then
  cmake --install "$AUTOBENCH_BUILD_DIR" --prefix "$scratch/prefix" >"$scratch/install.log" || fail "cmake --install failed"
  set +u
  # shellcheck disable=SC1091
  source /usr/share/modules/init/bash && module use "$scratch/prefix/share/modulefiles" || fail "module use failed"
  set -u
  installed=$scratch/prefix/share/autobench-mpi/slurm
else
  echo "environment-modules or AUTOBENCH_BUILD_DIR missing: single-node.sbatch from the source tree with AUTOBENCH_BIN"
fi

# four-nodes.sbatch launches with mpirun inside the allocation (AUTOBENCH_MPI=mpirun), the others detect
# srun --mpi=pmix.
for template in single-node four-nodes compare-gpu-types; do
  if [[ $template == single-node ]]; then
    submit $template "$installed"
  elif [[ $template == four-nodes ]]; then
    AUTOBENCH_MPI=mpirun submit $template
    grep -q -- "+ mpirun -n 4 --map-by ppr:1:node" "$job_log" || fail "four-nodes did not launch with mpirun"
  else
    submit $template
    grep -q -- "+ srun --mpi=pmix" "$job_log" || fail "$template did not detect srun --mpi=pmix"
  fi
  ((job_rc == 0)) || fail "sbatch --wait $template.sbatch returned $job_rc"
  grep -q -- "--backend sim" "$job_log" || fail "$template: the step did not run with AUTOBENCH_BACKEND's --backend"
  grep -q "result file: $job_dir/results/.*/autobench.h5" "$job_log" || fail "the job log does not name the result file"
  if [[ $template == single-node ]]; then check_result "$job_dir/results" 1; else check_result "$job_dir/results" 4; fi
done

# screen.sbatch: the screen suite on 4 nodes, the verdict table in the log, the gate passed (sim GPUs are alike).
submit screen
((job_rc == 0)) || fail "sbatch --wait screen.sbatch returned $job_rc"
grep -q -- "--suite screen" "$job_log" || fail "screen: the step did not run the screen suite"
grep -q "^GPU health: 4 healthy" "$job_log" || fail "screen: no verdict table in the job log"
check_result "$job_dir/results" 4

# calibrate.sbatch as written: --clocks from AUTOBENCH_CLOCKS' default, --output the calibration FILE
# (not the results directory); the sim device's P(f) must be fitted from it.
submit calibrate
((job_rc == 0)) || fail "sbatch --wait calibrate.sbatch returned $job_rc"
grep -q -- "calibrate --clocks 900:1400:100 --output $job_dir/calibration.json" "$job_log" ||
  fail "calibrate did not get the default clocks and the calibration file"
grep -q "calibration file: $job_dir/calibration.json" "$job_log" || fail "the job log does not name the calibration file"
grep -q "gemm.*P(f) = P_static" "$job_log" || fail "calibrate fitted no P(f) for gemm"
python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); assert c, "empty"' "$job_dir/calibration.json" ||
  fail "$job_dir/calibration.json is not JSON with a record"
grep -q "restoring the GPU clocks" "$job_log" && fail "a sim calibration reset GPU clocks"

# With --backend cuda the job resets the clocks on its way out, even when the step fails (here: no GPU):
# a stand-in nvidia-smi records its calls.
mkdir -p "$scratch/fake-nvidia-smi"
cat >"$scratch/fake-nvidia-smi/nvidia-smi" <<SH
#!/bin/bash
echo "nvidia-smi \$*" >>"$scratch/fake-nvidia-smi/calls"
SH
chmod +x "$scratch/fake-nvidia-smi/nvidia-smi"
rm -rf "$scratch/calibrate"
AUTOBENCH_BACKEND=cuda PATH=$scratch/fake-nvidia-smi:$PATH submit calibrate
((job_rc != 0)) || fail "calibrate.sbatch with --backend cuda and no GPU succeeded"
[[ $(cat "$scratch/fake-nvidia-smi/calls" 2>/dev/null) == $'nvidia-smi -rgc\nnvidia-smi -rac' ]] ||
  fail "the job did not reset the clocks once with nvidia-smi -rgc and -rac: $(cat "$scratch/fake-nvidia-smi/calls" 2>&1)"
[[ ! -e $scratch/calibrate/calibration.json ]] || fail "a failed calibration left a calibration file"
templates=$(cd "$slurm_scripts" && ls -- *.sbatch | sort)
[[ $(printf '%s\n' "${submitted[@]}" | sort -u) == "$templates" ]] ||
  fail "templates not submitted: $(comm -23 <(echo "$templates") <(printf '%s\n' "${submitted[@]}" | sort -u) | tr '\n' ' ')"

step "stopping the cluster"
"$cluster" stop "$cluster_dir"
rc=0
"$cluster" status "$cluster_dir" >/dev/null || rc=$?
((rc == 3)) || fail "daemons still running after stop"
step "done"
