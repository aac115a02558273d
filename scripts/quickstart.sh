#!/usr/bin/env bash
# Builds autobench-mpi (the program only: scripts/test.sh builds the tests) and runs the quick suite on
# 4 MPI ranks (the sim backend when no GPU is visible).
# Usage: scripts/quickstart.sh [extra autobench-mpi options]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAUTOBENCH_WITH_TESTS=OFF
cmake --build build -j "$(nproc)" --target autobench-mpi
if [[ $(id -u) -eq 0 ]]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
mpirun -n 4 --oversubscribe build/suite/autobench-mpi --suite quick "$@"
file=$(ls -td results/*/ | head -n 1)autobench.h5
build/suite/autobench-mpi report "$file"
