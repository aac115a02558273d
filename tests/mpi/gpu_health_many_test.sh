#!/usr/bin/env bash
# GPU health of a job of many GPUs: 64 oversubscribed sim ranks (one H100 SXM model, vecadd and Triangle,
# 2 repeats) with rank 17 hot and rank 5 at 80% speed. The run's last lines name exactly those two; the
# report's first section is sorted by severity (throttling, then slow), with one line for each and one
# summary line for the 62 healthy GPUs; every line of it fits in 120 columns; --fail-on slow exits 5
# naming both, --fail-on faulty exits 0.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail() { echo "FAIL: $*"; echo "--- run:"; tail -20 "$scratch/log"; echo "--- report:"; head -20 "$scratch/report" 2>/dev/null; exit 1; }

AUTOBENCH_SIM_FAULT=5:slow:0.8,17:hot timeout -k 5 400 mpirun -n 64 --oversubscribe "$bin" --backend sim \
  --sim-device "H100 SXM" --kernels vecadd --detectors triangle --repeats 2 --output "$scratch/out" >"$scratch/log" 2>&1 ||
  fail "the run exited $?"
h5=$(find "$scratch/out" -name autobench.h5 | head -1)
[[ -f $h5 ]] || fail "no results file"
[[ $(grep -c '^autobench-mpi: GPU health: ' "$scratch/log") == 2 ]] || fail "not two health lines at the run's end"
grep -q '^autobench-mpi: GPU health: rank 17 (.*) throttling: 100% of points throttled' "$scratch/log" || fail "rank 17 not throttling"
grep -q '^autobench-mpi: GPU health: rank 5 (.*) slow: ' "$scratch/log" || fail "rank 5 not slow"

"$bin" report "$h5" >"$scratch/report" || fail "report exited $?"
# The health section: from its title to the first blank line after it.
awk '/^GPU health: /{on=1} on&&/^$/{exit} on' "$scratch/report" >"$scratch/health"
head -1 "$scratch/health" | grep -q '^GPU health: 1 throttling, 1 slow, 62 healthy (against: median of 63 same-model GPUs of this run)$' ||
  fail "health title: $(head -1 "$scratch/health")"
rows=$(grep -E '^ +[0-9]+  ' "$scratch/health")
[[ $(wc -l <<<"$rows") == 2 ]] || fail "not one row per GPU that is not healthy: $rows"
grep -qE '^ +17 .* throttling ' <<<"$(head -1 <<<"$rows")" || fail "throttling is not first"
grep -qE '^ +5 .* slow ' <<<"$(tail -1 <<<"$rows")" || fail "slow is not second"
grep -qx '  62 GPUs, ranks 0-4, 6-16, 18-63' "$scratch/health" || fail "no summary line of the healthy GPUs"
awk 'length > 120 {print; bad=1} END {exit bad}' "$scratch/health" || fail "a line wider than 120 columns"
[[ $(head -c 2000 "$scratch/report" | grep -n '^GPU health: ' | cut -d: -f1) -lt 6 ]] || fail "health is not the first section"

"$bin" report --fail-on slow "$h5" >/dev/null 2>"$scratch/gate"
rc=$?
[[ $rc == 5 ]] || fail "--fail-on slow exited $rc"
grep -q -- '--fail-on slow: ranks 5, 17 of 64 GPUs are slow or worse: rank 17 (.*) throttling, rank 5 (.*) slow' "$scratch/gate" ||
  fail "gate line: $(cat "$scratch/gate")"
"$bin" report --fail-on faulty "$h5" >/dev/null || fail "--fail-on faulty exited $?"
echo "ok: 64 ranks, sorted, one summary line, gate exit 5"
