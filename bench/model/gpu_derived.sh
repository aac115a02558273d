#!/usr/bin/env bash
# Held-out error of the Stargazer model with derived parameters on a GPU (issue 15), for
# bench/model/README.md. Assumes a CUDA build in build/. Per seed in $SEEDS (default "7"), one `model` run
# measures the whole GEMM space at 4 sizes (216 configurations x 4 = 864 points, $ITERATIONS timed
# launches each, default 33): 100 training samples and the other 764 held out, fitted with the launch
# and derived parameters, linear interactions and a ridge refit; then `model evaluate` (CPU) draws
# $REPEATS (default 20) training sets of 25, 50, 100 and 200 from the same points, fitted with the
# suite's defaults, with the launch parameters and 1 knot (the best before the derived parameters), with
# the derived ones and least squares, and with the derived ones and ridge. Clocks are not locked; the
# trap resets them anyway.
#   bench/model/gpu_derived.sh OUT_DIR
source "$(dirname "$0")/../script_setup.sh" "$@"
need_binary
ITERATIONS=${ITERATIONS:-33}
SEEDS=${SEEDS:-7}
REPEATS=${REPEATS:-20}
DERIVED=(--launch-parameters true --derived-parameters true --interactions linear --knots 2)
BEST=("${DERIVED[@]}" --refit ridge)

step "device"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; "$BIN" --version; } \
  | tee "$OUT/device.txt"
for seed in $SEEDS; do
  step "model: 100 training samples, the other 764 points held out, seed $seed"
  timeout 200 "$BIN" model --backend cuda --kernel gemm --samples 100 --test 764 --sizes 1024,2048,4096,8192 \
    --iterations "$ITERATIONS" --seed "$seed" "${BEST[@]}" --output "$OUT/models-s$seed" 2>&1 | tee "$OUT/model_s$seed.txt"
  MODEL=$(tail -1 "$OUT/model_s$seed.txt")
  [[ -f $MODEL ]] || { echo "no model file"; continue; }
  "$BIN" report "$MODEL" > "$OUT/model_report_s$seed.txt" 2>&1
  for fit in default launch derived best; do
    case $fit in
      default) args=() ;;
      launch) args=(--launch-parameters true --knots 1) ;;
      derived) args=("${DERIVED[@]}") ;;
      best) args=("${BEST[@]}") ;;
    esac
    step "evaluate seed $seed ($fit)"
    timeout 120 "$BIN" model evaluate "$MODEL" --samples 25,50,100,200 --repeats "$REPEATS" --top-k 4 "${args[@]}" 2>&1 \
      | tee "$OUT/evaluate_s${seed}_$fit.txt"
  done
done
step "clocks after"
nvidia-smi --query-gpu=clocks.sm,clocks.applications.graphics,clocks.applications.memory --format=csv | tee "$OUT/clocks_end.txt"
