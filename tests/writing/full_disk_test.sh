#!/usr/bin/env bash
# A full disk while the run, `merge`, `export`, `dataset` and `evaluate --json` write: each fails with one
# line naming the file and the system's reason, exit 1, no crash, and leaves no empty, partial or
# temporary file; a file that was there before (evaluate --json's) keeps what it held. The output lies
# on a small tmpfs mounted in a private mount namespace (root); where none can be mounted, a file-size
# limit (ulimit -f, SIGXFSZ ignored: writes fail with EFBIG) stands in for the full disk.
set -u
bin=${AUTOBENCH_BINARY:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0

# A reference run on the real disk: which files a run writes, and how large they are.
"$bin" --suite quick --backend sim -q --output "$scratch/ref" >"$scratch/ref.out" 2>"$scratch/ref.err" ||
  { echo "FAIL: the reference run failed:"; cat "$scratch/ref.err"; exit 1; }
ref_h5=$(cat "$scratch/ref.out")
ref_dir=$(dirname "$ref_h5")
"$bin" dataset --backend sim --sim-device "H100 SXM" --kernels vecadd --per-kernel 20 --iterations 3 -q --output "$scratch/refds" >"$scratch/refds.out" 2>"$scratch/refds.err" ||
  { echo "FAIL: the reference dataset failed:"; cat "$scratch/refds.err"; exit 1; }
ref_jsonl=$(cat "$scratch/refds.out")
ref_ds=$(dirname "$ref_jsonl")
"$bin" evaluate --dataset "$ref_jsonl" --baselines analytic --json "$scratch/ref_eval.json" >/dev/null 2>"$scratch/refev.err" ||
  { echo "FAIL: the reference evaluation failed:"; cat "$scratch/refev.err"; exit 1; }
kib() { local t=0 f; for f in "$@"; do t=$((t + ($(stat -c %s "$f") + 1023) / 1024)); done; echo "$t"; }
pages_kib() { local t=0 f; for f in "$@"; do t=$((t + ($(stat -c %s "$f") + 4095) / 4096 * 4)); done; echo "$t"; }
largest_kib() { local m=0 f k; for f in "$@"; do k=$(kib "$f"); ((k > m)) && m=$k; done; echo "$m"; }

mkdir -p "$scratch/probe"
if unshare -m sh -c 'mount -t tmpfs -o size=16k tmpfs "$1"' _ "$scratch/probe" 2>/dev/null; then
  mode=tmpfs reason="No space left on device"
else
  mode=fsize reason="File too large"
fi
echo "full disk: $mode"

# In directory $1 (on the small disk): PREPARE (unlimited), then COMMAND (limited) with its output and
# exit code in $scratch/$NAME.{out,err,rc}; what the disk holds afterwards is copied to $scratch/$NAME.after.
run_case() {
  local d=$1
  eval "$PREPARE" || { echo "cannot prepare $NAME" >&2; return 1; }
  (
    [[ $mode == fsize ]] && ulimit -f "$KIB"
    trap '' XFSZ
    eval "$COMMAND"
  ) >"$scratch/$NAME.out" 2>"$scratch/$NAME.err"
  echo $? >"$scratch/$NAME.rc"
  cp -a "$d/." "$scratch/$NAME.after/"
}
export -f run_case
export mode bin scratch ref_dir ref_h5 ref_jsonl

# full_disk NAME KIB PREPARE COMMAND EXPECTED: the case on a disk of KIB KiB (tmpfs) or with files of at
# most KIB KiB (fsize); EXPECTED is the one stderr line, with $d for the disk's directory (regex).
full_disk() {
  export NAME=$1 KIB=$2 PREPARE=$3 COMMAND=$4
  local expected=$5 d="$scratch/$1.disk" after="$scratch/$1.after"
  mkdir -p "$d" "$after"
  if [[ $mode == tmpfs ]]; then
    unshare -m bash -c 'mount -t tmpfs -o size="$KIB"k tmpfs "$1" && run_case "$1"' _ "$d" || { echo "FAIL: $NAME: not run"; failures=$((failures + 1)); return; }
  else
    run_case "$d"
  fi
  local rc err
  rc=$(cat "$scratch/$NAME.rc")
  err=$(cat "$scratch/$NAME.err")
  expected=${expected//\$d/$d}
  local problems=()
  [[ $rc -eq 1 ]] || problems+=("exit $rc, expected 1")
  [[ $(wc -l <"$scratch/$NAME.err") -eq 1 ]] || problems+=("expected one line on stderr")
  [[ $err =~ ^autobench-mpi:\ error:\ $expected:\ $reason$ ]] || problems+=("stderr does not match '$expected: $reason'")
  grep -qiE "segmentation|core dumped|traceback|HDF5-DIAG|slist" "$scratch/$NAME.err" && problems+=("a crash or library noise")
  [[ -z $(find "$after" -type f -size 0) ]] || problems+=("empty files left: $(find "$after" -type f -size 0)")
  [[ -z $(find "$after" -name '*.tmp*') ]] || problems+=("temporary files left: $(find "$after" -name '*.tmp*')")
  local f
  for f in $(find "$after" -name autobench.h5); do
    "$bin" report "$f" >/dev/null 2>&1 || problems+=("$f is left but not a complete results file")
  done
  for f in $(find "$after" -name summary.json); do
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$f" 2>/dev/null || problems+=("$f is not complete JSON")
  done
  if ((${#problems[@]})); then
    echo "FAIL: $NAME ($mode, $KIB KiB): ${problems[*]}"; cat "$scratch/$NAME.err"; failures=$((failures + 1))
  else
    echo "ok: $NAME ($mode, $KIB KiB): $err"
  fi
}

# The run: run.json and the journal fit, the rank's part of the HDF5 file does not.
journal=("$ref_dir/run.json" "$ref_dir"/journal/*)
if [[ $mode == tmpfs ]]; then
  kib_run=$(( $(pages_kib "${journal[@]}") + 8 + $(pages_kib "$ref_h5") / 2 ))
else
  kib_run=$(( $(largest_kib "${journal[@]}") + 1 ))
fi
if [[ $mode == tmpfs ]] || (( kib_run < $(kib "$ref_h5") )); then
  full_disk run "$kib_run" ":" '"$bin" --suite quick --backend sim -q --output "$d/out"' \
    'writing the result file in $d/out/[0-9-]+ failed: cannot write $d/out/[0-9-]+/parts/rank0.h5'
else  # a journal is larger than the HDF5 file: a file-size limit cannot let it through and stop the HDF5 file
  echo "skipped: run ($mode): the journal ($(largest_kib "${journal[@]}") KiB) is larger than the HDF5 file"
fi

# merge: the journals are there, the rebuilt HDF5 file does not fit.
kib_merge=$kib_run
[[ $mode == fsize ]] && kib_merge=$(( $(kib "$ref_h5") / 2 ))  # merge only reads the journals
full_disk merge "$kib_merge" 'mkdir -p "$d/run" && cp -a "$ref_dir/run.json" "$ref_dir/journal" "$d/run/"' \
  '"$bin" merge "$d/run"' 'merge: cannot write $d/run/parts/rank0.h5'

# export: the CSV files fit, summary.json does not.
csvs=("$ref_dir"/csv/*.csv)
if [[ $mode == tmpfs ]]; then
  kib_export=$(( $(pages_kib "${csvs[@]}") + 4 ))  # summary.json is larger than one page
else
  kib_export=$(( $(largest_kib "${csvs[@]}") + 1 ))
fi
if [[ $mode == tmpfs ]] || (( kib_export < $(kib "$ref_dir/summary.json") )); then
  full_disk export "$kib_export" ":" '"$bin" export "$ref_h5" --output "$d/exp"' 'export: cannot write $d/exp/summary.json'
else
  echo "FAIL: export: summary.json ($(kib "$ref_dir/summary.json") KiB) is not larger than the CSV files"; failures=$((failures + 1))
fi

# dataset: dataset.json and the journal fit, the dataset files do not.
ds_small=("$ref_ds/dataset.json" "$ref_ds"/journal/*)
if [[ $mode == tmpfs ]]; then
  kib_ds=$(( $(pages_kib "${ds_small[@]}") + 8 + $(pages_kib "$ref_ds/dataset.h5") / 2 ))
else
  kib_ds=$(( $(largest_kib "${ds_small[@]}") + 1 ))
fi
if [[ $mode == tmpfs ]] || (( kib_ds < $(kib "$ref_ds/dataset.h5") )); then
  full_disk dataset "$kib_ds" ":" \
    '"$bin" dataset --backend sim --sim-device "H100 SXM" --kernels vecadd --per-kernel 20 --iterations 3 -q --output "$d/out"' \
    'writing the dataset in $d/out/[0-9-]+ failed: cannot write $d/out/[0-9-]+/dataset\.(h5|jsonl)'
else
  echo "skipped: dataset ($mode): the journal is larger than dataset.h5"
fi

# evaluate --json over an existing report: the new one does not fit, the old one is kept whole.
if [[ $mode == tmpfs ]]; then
  kib_eval=$(pages_kib "$scratch/ref_eval.json")  # the old report's page leaves too little for the new one
else
  kib_eval=$(( $(kib "$scratch/ref_eval.json") / 2 ))
fi
full_disk evaluate "$kib_eval" 'printf "previous report\n" >"$d/eval.json"' \
  '"$bin" evaluate --dataset "$ref_jsonl" --baselines analytic --json "$d/eval.json" >/dev/null' \
  'evaluate --json: cannot write $d/eval.json'
[[ $(cat "$scratch/evaluate.after/eval.json" 2>/dev/null) == "previous report" ]] ||
  { echo "FAIL: evaluate: the existing report was not kept whole"; failures=$((failures + 1)); }

# The files written before the disk filled up are complete, and the CSV files are all there.
if [[ -d $scratch/export.after/exp/csv ]]; then
  [[ $(ls "$scratch/export.after/exp/csv" | wc -l) -eq ${#csvs[@]} ]] || { echo "FAIL: export: CSV files missing"; failures=$((failures + 1)); }
  for f in "${csvs[@]}"; do
    cmp -s "$f" "$scratch/export.after/exp/csv/$(basename "$f")" || { echo "FAIL: export: $(basename "$f") differs"; failures=$((failures + 1)); }
  done
fi

((failures == 0)) || exit 1
rm -rf "$scratch"
echo "all full-disk cases passed ($mode)"
