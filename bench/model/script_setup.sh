# Sourced by bench/model's GPU scripts with their arguments: OUT (the first argument, created, absolute),
# SRC (the repository), BIN (the binary: $AUTOBENCH_BINARY, else build/'s), and traps that reset the
# GPU's clocks on exit, interrupt and termination (the scripts lock none; this guards against any).
set -u
OUT=${1:?usage: $0 OUT_DIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${AUTOBENCH_BINARY:-$SRC/build/suite/autobench-mpi}
restore() { nvidia-smi -rgc >/dev/null 2>&1; nvidia-smi -rac >/dev/null 2>&1; }
trap 'restore' EXIT
trap 'restore; exit 130' INT
trap 'restore; exit 143' TERM
[[ -x $BIN ]] || { echo "no binary at $BIN (build with CUDA first)"; exit 1; }
