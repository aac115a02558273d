#!/usr/bin/env bash
# Stargazer model figures on a GPU for bench/model/README.md (issue 15). Assumes a CUDA build in build/
# (Release or RelWithDebInfo). Steps, each bounded by what is left of $DEADLINE seconds (default 300):
#  1. `model` measures the whole GEMM space at 4 sizes (216 configurations x 4 = 864 points), $ITERATIONS
#     timed launches each (default 33); then once more with another seed (models/ holds both files: the
#     second measurement of every point gives the measurement noise, see bench/model/noise.py);
#  2. `model evaluate` on it: held-out error against 25, 50, 100, 200 training samples, the fixed
#     all-main-effects model, model top-4 vs random search with as many measurements, and the model
#     tuner replayed over the 4 sizes;
#  3. one GEMM sweep with the exhaustive tuner (--tune-budget 216) and one with --tuner model per seed in
#     $SEEDS (default "1"): per size the chosen configuration's time, the share of configurations timed,
#     and the sweep times (bench/model/compare_tuners.py); then the model tuner replayed over the
#     exhaustive sweep (20 seeds, CPU).
# SKIP_SPACE=1 skips steps 1 and 2 (the tuner only). TUNE_ITERATIONS=N (default: the run's, 3) sets
# --tune-iterations for both sweeps of step 3: launches per probe, whose median is the probe time.
# TUNER_OPTIONS="..." (default none) passes options to the model tuner's sweeps (3b) and replay (3d), e.g.
# "--tuner-top-k 20 --tuner-random 0".
# REFERENCE=N adds one more exhaustive sweep with N launches a probe (33: its choices reproduce between
# processes), by whose probes bench/model/compare_tuners.py also judges both tuners' choices.
# Clocks are not locked (no --clocks); the trap resets them anyway on EXIT, INT and TERM.
#   bench/model/gpu_model.sh OUT_DIR
source "$(dirname "$0")/../script_setup.sh" "$@"
need_binary
DEADLINE=${DEADLINE:-300}
ITERATIONS=${ITERATIONS:-33}

step "device"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; "$BIN" --version; } \
  | tee "$OUT/device.txt"

SEEDS=${SEEDS:-1}
if [[ ${SKIP_SPACE:-0} != 1 ]]; then
step "1. model: the whole GEMM space at sizes 1024,2048,4096,8192"
timeout "$(limit 100)" "$BIN" model --backend cuda --kernel gemm --samples 664 --test 200 \
  --sizes 1024,2048,4096,8192 --iterations "$ITERATIONS" --output "$OUT/models" 2>&1 | tee "$OUT/model.txt"
MODEL=$(tail -1 "$OUT/model.txt")
step "1b. the same space measured again (seed 2): measurement noise"
timeout "$(limit 100)" "$BIN" model --backend cuda --kernel gemm --samples 664 --test 200 --seed 2 \
  --sizes 1024,2048,4096,8192 --iterations "$ITERATIONS" --output "$OUT/models" 2>&1 | tee "$OUT/model_again.txt"
if [[ -f $MODEL ]]; then
  "$BIN" report "$MODEL" > "$OUT/model_report.txt" 2>&1
  head -40 "$OUT/model_report.txt"
  step "2. learning curve (CPU only)"
  timeout "$(limit 60)" "$BIN" model evaluate "$MODEL" --samples 25,50,100,200 --repeats 5 --top-k 4 2>&1 \
    | tee "$OUT/evaluate.txt"
else
  echo "model run failed or timed out: no model file" | tee -a "$LOG"
fi
fi

step "3a. GEMM sweep, exhaustive tuner (--tune-budget 216)"
PROBE=()
[[ -n ${TUNE_ITERATIONS:-} ]] && PROBE=(--tune-iterations "$TUNE_ITERATIONS")
read -r -a TUNER <<< "${TUNER_OPTIONS:-}"
timeout "$(limit 90)" "$BIN" --backend cuda --kernels gemm --detectors kneedle --repeats 1 --tune-budget 216 "${PROBE[@]}" \
  --output "$OUT/exhaustive" 2>&1 | tee "$OUT/exhaustive.txt"
for seed in $SEEDS; do
  step "3b. GEMM sweep, --tuner model --seed $seed"
  timeout "$(limit 60)" "$BIN" --backend cuda --kernels gemm --detectors kneedle --repeats 1 --tuner model "${PROBE[@]}" "${TUNER[@]}" \
    --seed "$seed" --output "$OUT/model-tuner-s$seed" 2>&1 | tee "$OUT/model_tuner_s$seed.txt"
done

if [[ -n ${REFERENCE:-} ]]; then
  step "3r. reference: GEMM sweep, exhaustive tuner with $REFERENCE launches a probe"
  timeout "$(limit 200)" "$BIN" --backend cuda --kernels gemm --detectors kneedle --repeats 1 --tune-budget 216 \
    --tune-iterations "$REFERENCE" --output "$OUT/reference" 2>&1 | tee "$OUT/reference.txt"
fi
for seed in $SEEDS; do
  step "3c. model tuner (seed $seed) vs exhaustive, per size"
  python3 "$SRC/bench/model/compare_tuners.py" "$OUT" exhaustive "model-tuner-s$seed" \
    ${REFERENCE:+--reference reference} | tee "$OUT/tuner_comparison_s$seed.txt"
done
step "3d. the model tuner replayed over this exhaustive sweep (CPU, 20 seeds)"
for d in "$OUT"/exhaustive/*/; do
  timeout "$(limit 60)" "$BIN" model evaluate --sweep "$d" --repeats 20 "${TUNER[@]}" 2>&1 | tee "$OUT/replay.txt"
done
step "done (${SECONDS}s); logs in $OUT"
