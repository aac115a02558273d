#!/usr/bin/env bash
# The suite under a real 4-node SLURM (scripts/slurm/local-cluster.sh on this host): a plain
# `srun --mpi=pmix` step and scripts/slurm/four-nodes.sbatch through `sbatch --wait` must each write one
# complete HDF5 file with 4 ranks on the 4 distinct nodes n1..n4 (hostname = SLURMD_NODENAME).
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

# The one autobench.h5 under $1 must hold 4 complete ranks on nodes n1..n4.
check_result() {
  local where=$1 files file r host hosts=()
  mapfile -t files < <(find "$where" -name autobench.h5 -type f)
  ((${#files[@]} == 1)) || fail "$where: expected one autobench.h5, found ${#files[@]}: $(find "$where" | head -n 20)"
  file=${files[0]}
  [[ $(h5attr "$file" /ranks) == 4 ]] || fail "$file: ranks = '$(h5attr "$file" /ranks)', expected 4"
  [[ $(h5attr "$file" /status) == complete ]] || fail "$file: status = '$(h5attr "$file" /status)'"
  [[ $(h5attr "$file" /backend) == sim ]] || fail "$file: backend = '$(h5attr "$file" /backend)'"
  for r in 0 1 2 3; do
    host=$(h5attr "$file" "/devices/rank$r/hostname")
    [[ -n $host ]] || fail "$file: no attribute /devices/rank$r/hostname"
    hosts+=("$host")
  done
  [[ $(printf '%s\n' "${hosts[@]}" | sort | tr '\n' ' ') == "n1 n2 n3 n4 " ]] ||
    fail "$file: rank hostnames are '${hosts[*]}', expected n1..n4 once each (the program must report SLURMD_NODENAME as hostname)"
  echo "ok: $file: 4 ranks on ${hosts[*]}"
}

step "srun -N4 -n4 --mpi=pmix autobench-mpi --suite quick --backend sim"
timeout 900 srun -N4 -n4 --ntasks-per-node=1 --time=10 --mpi=pmix \
  "$AUTOBENCH_BINARY" --suite quick --backend sim --output "$scratch/srun" ||
  fail "the srun step failed (status $?)"
check_result "$scratch/srun"

step "sbatch --wait scripts/slurm/four-nodes.sbatch"
mkdir -p "$scratch/sbatch"
rc=0
AUTOBENCH_BIN=$AUTOBENCH_BINARY AUTOBENCH_ARGS="--backend sim" AUTOBENCH_SUITE=quick \
  AUTOBENCH_OUTPUT=$scratch/sbatch/results \
  timeout 900 sbatch --wait --time=10 --chdir="$scratch/sbatch" "$slurm_scripts/four-nodes.sbatch" || rc=$?
log=$(find "$scratch/sbatch" -maxdepth 1 -name 'autobench-four-nodes-*.out' | head -n 1)
[[ -n $log ]] || fail "no job log autobench-four-nodes-<jobid>.out in $scratch/sbatch"
echo "--- $log"
cat "$log"
((rc == 0)) || fail "sbatch --wait four-nodes.sbatch returned $rc"
grep -q "result file: $scratch/sbatch/results/.*/autobench.h5" "$log" || fail "the job log does not name the result file"
check_result "$scratch/sbatch/results"

step "stopping the cluster"
"$cluster" stop "$cluster_dir"
rc=0
"$cluster" status "$cluster_dir" >/dev/null || rc=$?
((rc == 3)) || fail "daemons still running after stop"
step "done"
