#!/usr/bin/env bash
# Does the slower rank at launch-bound sizes follow its cores or its rank number (issue 45 item 5)? On GPUs
# 0 and 1, vecadd + triad (Triangle, 3 repeats), 2 ranks, each rank pinned with taskset to 16 cores of its
# own: with SWAP=0 rank 0 gets cores 0-15 and rank 1 cores 32-47, with SWAP=1 the other way round; both
# rank orders each (rank 0 = GPU 0, then GPU 1). Links OUT_DIR/s<SWAP>-<order>.h5 to each run's file, for
# bench/compare/rank_effect.py (s0-01 with s0-10, s1-01 with s1-10). Changes no clocks.
#   bench/compare/gpu_rank_placement.sh OUT_DIR
source "$(dirname "$0")/../script_setup.sh" "$@"
need_binary
for swap in 0 1; do
  for order in 01 10; do
    visible=$([[ $order == 01 ]] && echo 0,1 || echo 1,0) name=s$swap-$order
    step "$name"
    timeout 120 mpirun -n 2 --bind-to none -x CUDA_VISIBLE_DEVICES=$visible -x SWAP=$swap sh -c \
      'c=$(( (OMPI_COMM_WORLD_RANK + SWAP) % 2 * 32 )); exec taskset -c $c-$((c + 15)) "$0" "$@"' "$BIN" \
      --backend cuda --kernels vecadd,triad --detectors triangle --repeats 3 --output "$OUT/run-$name" > "$OUT/$name.txt" 2>&1
    echo "exit $? after ${SECONDS}s" | tee -a "$OUT/$name.txt" "$LOG"
    ln -sf "$(ls "$OUT"/run-"$name"/*/autobench.h5 | head -1)" "$OUT/$name.h5"  # its parts stay beside it
  done
done
step done
