# Sourced first by bench/'s GPU scripts, with their arguments. Sets OUT (the first argument, or
# $OUT_DEFAULT when the script gives one; created and made absolute), SRC (the repository), BIN (the
# binary: $AUTOBENCH_BINARY, else build/'s; a script that builds its own sets BIN afterwards) and LOG
# ($OUT/log.txt). Defines step (a timestamped line to stdout and LOG), limit N (N seconds, or what is
# left of $DEADLINE less 10 s when that is less; 1, a step that stops at once, under 5 s) and
# need_binary (exits unless BIN runs). Lets mpirun run as root, and traps that reset the GPU's clocks
# on exit, interrupt and termination (a program that locks them restores them itself; this guards
# against any left locked).
set -u
OUT=${1:-${OUT_DEFAULT:-}}
[[ -n $OUT ]] || { echo "usage: $0 OUT_DIR (see the comment at its top)" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${AUTOBENCH_BINARY:-$SRC/build/suite/autobench-mpi}
LOG=$OUT/log.txt
step() { echo "=== $(date -u +%H:%M:%S) [${SECONDS}s] $*" | tee -a "$LOG"; }
limit() { local left=$((${DEADLINE:-300} - SECONDS - 10)); ((left < $1)) && set -- "$left"; (($1 < 5)) && set -- 1; echo "$1"; }
need_binary() { [[ -x $BIN ]] || { echo "no binary at $BIN: build with CUDA first (see README)" >&2; exit 1; }; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
restore() { nvidia-smi -rgc >/dev/null 2>&1; nvidia-smi -rac >/dev/null 2>&1; }
trap 'restore' EXIT
trap 'restore; exit 130' INT
trap 'restore; exit 143' TERM
