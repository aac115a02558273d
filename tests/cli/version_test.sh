#!/usr/bin/env bash
# Provenance: the binary names the commit the source tree is at now (CMake re-reads it when HEAD moves),
# and a run's results file records that same commit. Skipped (77) outside a git checkout.
set -u
bin=${AUTOBENCH_BINARY:?}
src=${AUTOBENCH_SOURCE_DIR:?}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"

head=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null) || { echo "not a git checkout: skipped"; exit 77; }
version=$("$bin" --version)
if [[ $version != *"($head)"* ]]; then
  echo "FAIL: --version says '$version', but the checkout is at $head (built before the last commit? rebuild)"
  exit 1
fi
"$bin" --suite quick --backend sim --kernels vecadd --detectors triangle --output "$scratch" >/dev/null || exit 1
report=$("$bin" report "$scratch"/*/autobench.h5 --format json) || exit 1
if [[ $report != *"\"git_commit\": \"$head\""* && $report != *"\"git_commit\":\"$head\""* ]]; then
  echo "FAIL: the results file does not record commit $head:"
  grep -o '"git_commit"[^,]*' <<<"$report"
  exit 1
fi
echo "ok: binary and results file name commit $head"
