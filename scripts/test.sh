#!/usr/bin/env bash
# Builds autobench-mpi and runs every test (unit, MPI, CLI, HDF5, SLURM). Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
cmake -S . -B build -DAUTOBENCH_WITH_TESTS=ON -DAUTOBENCH_WERROR=ON
cmake --build build -j "$(nproc)"
ctest --test-dir build --output-on-failure --timeout 900
