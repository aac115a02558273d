#!/usr/bin/env bash
# --backend auto never ends a cluster job on simulated devices: in a SLURM job with no GPU visible, two
# ranks refuse with exit 2 and one line naming the ranks and hosts, before any results directory exists.
# Outside SLURM, on a machine without GPUs, auto runs on sim and the run's last line says so.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; exit 1; }

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  echo "a GPU is visible here: the no-GPU paths cannot be tried"; exit 77
fi

rc=0
mpirun -n 2 -x SLURM_JOB_ID=4242 "$bin" --suite quick --output "$scratch/slurm" >"$scratch/out" 2>"$scratch/err" || rc=$?
((rc == 2)) || fail "auto in a SLURM job without GPUs: exit $rc, expected 2 ($(cat "$scratch/err"))"
grep -q "no rank sees a GPU (ranks 0, 1 (host" "$scratch/err" || fail "the refusal names no ranks/hosts: $(cat "$scratch/err")"
grep -q -- "--backend sim" "$scratch/err" || fail "the refusal does not say how to choose sim: $(cat "$scratch/err")"
[[ ! -e $scratch/slurm ]] || fail "a results directory was created before the refusal: $(find "$scratch/slurm")"

rc=0
mpirun -n 2 "$bin" --suite quick --kernels vecadd --detectors triangle --output "$scratch/auto" \
  >"$scratch/out" 2>"$scratch/err" || rc=$?
((rc == 0)) || fail "auto outside SLURM without GPUs: exit $rc ($(cat "$scratch/err"))"
grep -q "notice: no GPU visible on any rank; using the sim backend" "$scratch/err" || fail "no notice: $(cat "$scratch/err")"
last=$(tail -n 1 "$scratch/out")
[[ $last == *"sim backend (simulated devices, not GPU measurements)"* ]] || fail "last line does not say sim: '$last'"

rc=0
mpirun -n 2 "$bin" --suite quick --kernels vecadd --detectors triangle --quiet --output "$scratch/quiet" \
  >"$scratch/out" 2>"$scratch/err" || rc=$?
((rc == 0)) || fail "quiet auto run: exit $rc"
[[ $(tail -n 1 "$scratch/err") == *"sim backend (simulated devices"* ]] || fail "quiet run: last line '$(tail -n 1 "$scratch/err")'"
echo "ok: auto refuses in SLURM without GPUs (exit 2, nothing created) and says sim in the last line elsewhere"
