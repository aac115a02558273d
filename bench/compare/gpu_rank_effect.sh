#!/usr/bin/env bash
# Which rank is slower at launch-bound sizes, and why (issue 45 item 5): on GPUs 0 and 1 of this machine,
# vecadd + triad (Triangle, 3 repeats) driven by 2 ranks in both rank orders (rank 0 = GPU 0, then rank
# 0 = GPU 1), with `--bind-to none` and `--bind-to core`, once per binary given (e.g. the build before
# and after a change), all on one host in one go so the variants share the machine. Each results file
# goes to OUT_DIR/<label>-<bind>-<order>.h5; bench/compare/rank_effect.py reads them. Changes no clocks.
#   bench/compare/gpu_rank_effect.sh OUT_DIR LABEL=BINARY [LABEL=BINARY ...]
source "$(dirname "$0")/../script_setup.sh" "$@"
shift
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=index,driver_version,pci.bus_id,temperature.gpu,clocks.sm --format=csv; nproc; nvidia-smi topo -m; } > "$OUT/device.txt" 2>&1
for bind in none core; do
  for order in 01 10; do
    for pair in "$@"; do
      label=${pair%%=*} bin=${pair#*=} name=$label-$bind-$order
      step "$name"
      visible=$([[ $order == 01 ]] && echo 0,1 || echo 1,0)
      timeout 120 mpirun -n 2 --bind-to "$bind" -x CUDA_VISIBLE_DEVICES=$visible "$bin" --backend cuda \
        --kernels vecadd,triad --detectors triangle --repeats 3 --output "$OUT/run-$name" > "$OUT/$name.txt" 2>&1
      echo "exit $? after ${SECONDS}s" | tee -a "$OUT/$name.txt" "$LOG"
      mv "$OUT"/run-"$name"/*/autobench.h5 "$OUT/$name.h5" && rm -rf "$OUT/run-$name"
    done
  done
done
step done
