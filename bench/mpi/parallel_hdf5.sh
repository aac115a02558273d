#!/usr/bin/env bash
# Builds bench/mpi/parallel_hdf5.cpp against a parallel HDF5 under HDF5_PREFIX (Debian's
# libhdf5-openmpi-dev unpacked there, usr/include/hdf5/openmpi; else PREFIX/include and PREFIX/lib), then
# runs each mode ($MODES, default "parts shared collective") REPS times at each rank count
# (--oversubscribe) and appends its lines to OUT_DIR/log.txt.
#   bench/mpi/parallel_hdf5.sh OUT_DIR HDF5_PREFIX "1 2 4 8 16" [REPS [G S C P]]
source "$(dirname "$0")/../script_setup.sh" "$@"
PREFIX=$2 COUNTS=$3 REPS=${4:-3}
shift $(($# < 4 ? $# : 4))
INC=$PREFIX/include LIB=$PREFIX/lib NAME=hdf5
[[ -d $PREFIX/usr/include/hdf5/openmpi ]] &&
  INC=$PREFIX/usr/include/hdf5/openmpi LIB=$PREFIX/usr/lib/x86_64-linux-gnu NAME=hdf5_openmpi
mpicxx -O2 -std=c++17 -I"$INC" "$SRC/bench/mpi/parallel_hdf5.cpp" -o "$OUT/parallel_hdf5" \
  -L"$LIB" -Wl,-rpath,"$LIB" -l"$NAME" || exit 1
step "$(mpirun --version | head -1); $(date -u)"
for n in $COUNTS; do
  for ((rep = 1; rep <= REPS; ++rep)); do
    for mode in ${MODES:-parts shared collective}; do
      rm -rf "$OUT/files" && mkdir -p "$OUT/files"
      mpirun -n "$n" --oversubscribe "$OUT/parallel_hdf5" "$OUT/files" "$mode" "$@" | tee -a "$LOG" || exit 1
    done
  done
done
