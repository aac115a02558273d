#!/usr/bin/env bash
# A real 4-node SLURM cluster (n1..n4) on this one Debian host, for tests and for trying the sbatch
# templates without a site: one slurmctld, four slurmd daemons, a private munged, PMIx for MPI.
#
# Usage: local-cluster.sh install|start|stop|status|env [DIR]
#   DIR (or $AUTOBENCH_SLURM_DIR, default /tmp/autobench-slurm) holds everything: config, state,
#   spool, logs, pid files, per-node TmpFS and the munge key/socket. Nothing outside DIR is written
#   except by `install` (apt packages).
#   install  apt-get install the packages if any is missing (needs root)
#   start    install if needed, start the daemons, wait until sinfo shows 4 idle nodes
#            (timeout $AUTOBENCH_SLURM_TIMEOUT seconds, default 60); idempotent: a running cluster
#            is kept (and waited on until its 4 nodes respond), a half-dead one restarted
#   stop     cancel jobs, stop exactly the daemons recorded in DIR's pid files (and job steps
#            that a dead slurmd of DIR left behind); safe to repeat
#   status   print each daemon and sinfo; exit 0 when all run, 3 when none, 1 when some
#   env      print `export SLURM_CONF=...` for eval; clients need it to find this cluster
# Ports: slurmctld on $AUTOBENCH_SLURM_PORT (default 17000), slurmd n1..n4 on the next four.
# Features RTX4000Ada (n1,n2) / RTX5000Ada (n3,n4) and one gres gpu per node (File=/dev/null) let
# the scripts/slurm templates run unchanged.
set -euo pipefail

readonly PACKAGES=(slurm-wlm munge slurm-client openmpi-bin libopenmpi-dev)
readonly NODES=(n1 n2 n3 n4)

die() { echo "local-cluster: error: $*" >&2; exit 1; }
log() { echo "local-cluster: $*" >&2; }

usage() {
  sed -n '5,19p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

cmd=${1:-}
[[ -n $cmd ]] || usage
DIR=${2:-${AUTOBENCH_SLURM_DIR:-/tmp/autobench-slurm}}
[[ $DIR == /* ]] || DIR=$PWD/$DIR
readonly DIR
readonly CONF=$DIR/etc/slurm.conf
readonly PORT=${AUTOBENCH_SLURM_PORT:-17000}
readonly TIMEOUT=${AUTOBENCH_SLURM_TIMEOUT:-60}
readonly MUNGE_SOCKET=$DIR/munge/munge.socket
export SLURM_CONF=$CONF

# --- packages ---------------------------------------------------------------------------------
missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == "install ok installed" ]] || echo "$p"
  done
}

install_packages() {
  local missing
  missing=$(missing_packages)
  [[ -z $missing ]] && return 0
  [[ $(id -u) -eq 0 ]] || die "packages missing (${missing//$'\n'/ }) and not root to install them"
  log "installing ${missing//$'\n'/ }"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || die "apt-get update failed"
  apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >&2 || die "apt-get install failed"
}

# --- daemons and their pid files ---------------------------------------------------------------
# Each entry: "name pidfile executable".
daemons() {
  echo "munged $DIR/munge/munged.pid munged"
  echo "slurmctld $DIR/run/slurmctld.pid slurmctld"
  local n
  for n in "${NODES[@]}"; do echo "slurmd:$n $DIR/run/slurmd.$n.pid slurmd"; done
}

# Whether process $1 exists and is not a zombie (a killed daemon stays one until its parent reaps it).
alive() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [[ ${stat%% *} != [ZX] ]]
}

# The pid in $1 if that process is alive and runs executable $2 (guards against reused pids).
live_pid() {
  local pidfile=$1 exe=$2 pid
  [[ -r $pidfile ]] || return 1
  pid=$(tr -dc '0-9' <"$pidfile")
  [[ -n $pid ]] && alive "$pid" || return 1
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$exe" ]] || return 1
  echo "$pid"
}

running_count() {
  local name pidfile exe count=0
  while read -r name pidfile exe; do
    live_pid "$pidfile" "$exe" >/dev/null && count=$((count + 1))
  done < <(daemons)
  echo "$count"
}

# Stop processes given as "name pid" lines: SIGTERM to all at once, SIGKILL to those still there after 10 s.
stop_processes() {
  local name pid i
  local -a names=() pids=() left=()
  while read -r name pid; do
    [[ -n $pid ]] || continue
    log "stopping $name (pid $pid)"
    if kill -TERM "$pid" 2>/dev/null; then
      names+=("$name")
      pids+=("$pid")
    fi
  done
  for ((i = 0; i < 150; i++)); do
    left=()
    for pid in "${pids[@]}"; do
      if alive "$pid"; then left+=("$pid"); fi
    done
    ((${#left[@]})) || return 0
    if ((i == 100)); then
      log "still running 10 s after SIGTERM, sending SIGKILL: ${left[*]}"
      kill -KILL "${left[@]}" 2>/dev/null || true
    fi
    sleep 0.1
  done
  log "warning: still running after SIGKILL: ${left[*]} (of ${names[*]})"
}

# slurmstepd processes of this cluster (they can outlive a killed slurmd): slurmd passes them its
# working directory (DIR/log) and its environment (SLURM_CONF=DIR/etc/slurm.conf).
our_stepds() {
  local pid
  for pid in $(pgrep -x slurmstepd || true); do
    alive "$pid" || continue
    if [[ $(readlink "/proc/$pid/cwd" 2>/dev/null) == "$DIR"/* ]] ||
      tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "SLURM_CONF=$CONF"; then
      echo "$pid"
    fi
  done
}

# The pids of $@ and all their descendants.
with_descendants() {
  local -a todo=("$@")
  local pid
  while ((${#todo[@]})); do
    pid=${todo[0]}
    todo=("${todo[@]:1}")
    echo "$pid"
    mapfile -t -O "${#todo[@]}" todo < <(pgrep -P "$pid" || true)
  done
}

stop_cluster() {
  local name pidfile exe pid
  if [[ -f $CONF ]] && pid=$(live_pid "$DIR/run/slurmctld.pid" slurmctld); then
    # Let slurmd end the jobs' steps cleanly before the daemons go.
    if [[ -n $(timeout 10 squeue -h -o %i 2>/dev/null) ]]; then
      log "cancelling running jobs"
      timeout 10 scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
      local i
      for ((i = 0; i < 30; i++)); do
        [[ -z $(timeout 5 squeue -h -o %i 2>/dev/null) ]] && break
        sleep 0.5
      done
    fi
  fi
  # All slurmd, then slurmctld, then munged: the reverse of the start order.
  local stage
  for stage in slurmd slurmctld munged; do
    while read -r name pidfile exe; do
      [[ $exe == "$stage" ]] || continue
      if pid=$(live_pid "$pidfile" "$exe"); then echo "$name $pid"; fi
    done < <(daemons) | stop_processes
    while read -r name pidfile exe; do
      if [[ $exe == "$stage" ]] && ! live_pid "$pidfile" "$exe" >/dev/null; then rm -f "$pidfile"; fi
    done < <(daemons)
  done
  # Steps whose slurmd vanished (e.g. after a crash) keep running with their jobs' processes:
  # those go too, at once (a SIGTERM'd slurmstepd would wait for the slurmd that is gone).
  local -a leftovers
  mapfile -t leftovers < <(our_stepds)
  if ((${#leftovers[@]})); then
    mapfile -t leftovers < <(with_descendants "${leftovers[@]}")
    log "killing leftover job steps and their processes: ${leftovers[*]}"
    kill -KILL "${leftovers[@]}" 2>/dev/null || true
  fi
}

# --- configuration -----------------------------------------------------------------------------
write_config() {
  local n i
  mkdir -p "$DIR"/{etc,run,log,state,munge} || die "cannot create $DIR"
  for n in "${NODES[@]}"; do mkdir -p "$DIR/spool/$n" "$DIR/tmp/$n"; done
  chmod 0755 "$DIR" "$DIR/munge"
  # A fresh start: no jobs recovered from an earlier run, no stale PMIx sockets or spooled scripts.
  rm -rf "${DIR:?}"/state/* "${DIR:?}"/tmp/*/* "${DIR:?}"/spool/*/*

  if [[ ! -s $DIR/munge/munge.key ]]; then
    (umask 077 && head -c 1024 /dev/urandom >"$DIR/munge/munge.key")
  fi
  chmod 0400 "$DIR/munge/munge.key"

  cat >"$CONF" <<EOF
# Generated by scripts/slurm/local-cluster.sh: 4 emulated nodes on one host.
ClusterName=autobench
SlurmctldHost=localhost
SlurmctldPort=$PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
KillWait=5
InactiveLimit=0
GresTypes=gpu
StateSaveLocation=$DIR/state
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdSpoolDir=$DIR/spool/%n
SlurmdPidFile=$DIR/run/slurmd.%n.pid
SlurmdLogFile=$DIR/log/slurmd.%n.log
# Per-node TmpFS: without it the PMIx plugins of the four slurmd collide on one directory.
TmpFS=$DIR/tmp/%n
NodeName=n[1-2] NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((PORT + 1))-$((PORT + 2)) CPUs=2 RealMemory=2000 Gres=gpu:1 Feature=RTX4000Ada State=UNKNOWN
NodeName=n[3-4] NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((PORT + 3))-$((PORT + 4)) CPUs=2 RealMemory=2000 Gres=gpu:1 Feature=RTX5000Ada State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
EOF
  # One fake GPU per node (slurmd drops a gpu gres without a File); nothing is bound to it.
  echo "NodeName=n[1-4] Name=gpu File=/dev/null" >"$DIR/etc/gres.conf"
  :
}

ports_free() {
  local p busy=()
  for ((p = PORT; p <= PORT + ${#NODES[@]}; p++)); do
    ss -Hltn "sport = :$p" 2>/dev/null | grep -q . && busy+=("$p")
  done
  [[ ${#busy[@]} -eq 0 ]] || die "TCP port(s) ${busy[*]} already in use; set AUTOBENCH_SLURM_PORT to a free base port"
}

# --- start -------------------------------------------------------------------------------------
# How many nodes sinfo shows in one of the states of regex $1 (a trailing * = not responding: no match).
nodes_in_state() {
  timeout 10 sinfo -h -N -o '%N %t' 2>/dev/null | awk -v re="^($1)$" '$2 ~ re {print $1}' | sort -u | wc -l
}

started_here=0
fail_start() {
  local f
  echo "local-cluster: error: $*" >&2
  timeout 10 sinfo -N 2>&1 | sed 's/^/  sinfo: /' >&2 || true
  for f in "$DIR"/munge/munged.log "$DIR"/log/*.log; do
    [[ -f $f ]] && { echo "--- last lines of $f" >&2; tail -n 15 "$f" >&2; }
  done
  if ((started_here)); then stop_cluster; fi
  exit 1
}

wait_for() { # seconds, description, command...
  local secs=$1 what=$2 end
  shift 2
  end=$((SECONDS + secs))
  until "$@"; do
    ((SECONDS < end)) || fail_start "timed out after ${secs} s waiting for $what"
    sleep 0.5
  done
}

munge_ok() { munge -S "$MUNGE_SOCKET" -n 2>/dev/null | unmunge -S "$MUNGE_SOCKET" >/dev/null 2>&1; }
ctld_ok() { timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP'; }
all_idle() { [[ $(nodes_in_state 'idle') -eq ${#NODES[@]} ]]; }
all_up() { [[ $(nodes_in_state 'idle|mix|alloc|allocated|comp|completing') -eq ${#NODES[@]} ]]; }

start_cluster() {
  local running n
  install_packages
  [[ $(id -u) -eq 0 ]] || die "the local cluster runs its daemons as root; run as root"
  running=$(running_count)
  started_here=0
  if ((running == ${#NODES[@]} + 2)) && ctld_ok; then
    log "already running in $DIR"
    wait_for "$TIMEOUT" "${#NODES[@]} responding nodes in sinfo" all_up
  else
    started_here=1
    ((running == 0)) || log "not fully running ($running daemons alive); restarting"
    stop_cluster # also ends job steps left behind by daemons that died
    ports_free
    write_config
    log "starting munged, slurmctld and slurmd ${NODES[*]} in $DIR"
    munged --force --socket="$MUNGE_SOCKET" --key-file="$DIR/munge/munge.key" \
      --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/munge/munged.log" \
      --seed-file="$DIR/munge/munged.seed" </dev/null >>"$DIR/log/start.log" 2>&1 ||
      fail_start "munged did not start"
    wait_for 10 "munge to answer" munge_ok
    slurmctld -f "$CONF" </dev/null >>"$DIR/log/start.log" 2>&1 || fail_start "slurmctld did not start"
    wait_for "$TIMEOUT" "slurmctld to answer" ctld_ok
    for n in "${NODES[@]}"; do
      slurmd -f "$CONF" -N "$n" </dev/null >>"$DIR/log/start.log" 2>&1 || fail_start "slurmd -N $n did not start"
    done
    wait_for "$TIMEOUT" "${#NODES[@]} idle nodes in sinfo" all_idle
  fi
  log "up: ${#NODES[@]} nodes; clients need: export SLURM_CONF=$CONF"
}

status_cluster() {
  local name pidfile exe pid count=0 total=0
  while read -r name pidfile exe; do
    total=$((total + 1))
    if pid=$(live_pid "$pidfile" "$exe"); then
      echo "$name: running (pid $pid)"
      count=$((count + 1))
    else
      echo "$name: stopped"
    fi
  done < <(daemons)
  if ((count > 0)) && [[ -f $CONF ]]; then timeout 10 sinfo -N || true; fi
  ((count == total)) && return 0
  ((count == 0)) && return 3
  return 1
}

case $cmd in
  install) install_packages ;;
  start) start_cluster ;;
  stop) stop_cluster ;;
  status) status_cluster ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  *) usage ;;
esac
