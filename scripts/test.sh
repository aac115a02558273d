#!/usr/bin/env bash
# Builds autobench-mpi and runs every test (unit, MPI, CLI, HDF5, SLURM, install). Usage: scripts/test.sh
# Python tests and `plot` use the project venv that install-deps.sh fills (.venv/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAUTOBENCH_WITH_TESTS=ON -DAUTOBENCH_WERROR=ON -DPython3_EXECUTABLE="$PWD/.venv/bin/python3" \
  -DAUTOBENCH_PYTHON="$PWD/.venv/bin/python3"
cmake --build build -j "$(nproc)"
ctest --test-dir build --output-on-failure --timeout 900 -j "$(nproc)"
