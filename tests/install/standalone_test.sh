#!/usr/bin/env bash
# An install outlives the source and build trees: `cmake --install` into a temporary prefix, then, in a
# mount namespace where the source tree, the build tree and the tests' Python environment are hidden
# (empty tmpfs over each; the environment stays reachable only at a path outside them, as a site's own
# Python would be), the installed program:
#   - with no Python that has the packages, fails `report --format html` with one line naming what it
#     tried, and never names the build's interpreter;
#   - with $AUTOBENCH_PYTHON (a Python the user names) writes the HTML page, whose doc links point into
#     <prefix>/share/doc/autobench-mpi, and plots;
#   - with <prefix>/share/autobench-mpi/venv (the -DAUTOBENCH_INSTALL_VENV=ON layout) plots with no variable set.
# Needs `unshare -m` (root, or user namespaces for `unshare -rm`); exit 77 (skipped) without it.
set -euo pipefail
: "${AUTOBENCH_BINARY:?}" "${AUTOBENCH_BUILD_DIR:?}" "${AUTOBENCH_SOURCE_DIR:?}" "${AUTOBENCH_PYTHON:?}"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
if unshare -m true 2>/dev/null; then
  namespace=(unshare -m)
elif unshare -rm true 2>/dev/null; then
  namespace=(unshare -rm)
else
  echo "skipped: unshare -m is not allowed here (needs root or user namespaces)"
  exit 77
fi
work=$(mktemp -d /tmp/autobench-standalone.XXXXXX) # outside both trees
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$AUTOBENCH_BUILD_DIR" --prefix "$prefix" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
[[ -f $prefix/share/doc/autobench-mpi/knees.md && -f $prefix/share/doc/autobench-mpi/index.md ]] ||
  fail "cmake --install did not install docs/ into share/doc/autobench-mpi"
h5=$(cd "$work" && "$AUTOBENCH_BINARY" --suite quick --backend sim --output "$work/results" -q) ||
  fail "the sim run that makes the input failed"

# The tests' Python, if a venv, is bound at $work/python and hidden where it was.
python_root=$("$AUTOBENCH_PYTHON" -c 'import sys; print(sys.prefix if sys.prefix != sys.base_prefix else "")')
if [[ -n $python_root ]]; then
  mkdir "$work/python"
  python=$work/python/bin/python3
else
  python=$AUTOBENCH_PYTHON # a system Python with the packages: outside the trees already
fi

"${namespace[@]}" bash -s -- "$prefix" "$h5" "$work" "$python" "$python_root" "$AUTOBENCH_SOURCE_DIR" \
  "$AUTOBENCH_BUILD_DIR" >"$work/namespace.log" 2>&1 <<'SH' || { cat "$work/namespace.log"; fail "see above"; }
set -euo pipefail
prefix=$1 h5=$2 work=$3 python=$4 python_root=$5 source=$6 build=$7
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
[[ -z $python_root ]] || mount --bind "$python_root" "$work/python"
for tree in "$python_root" "$source" "$build"; do
  [[ -n $tree && -d $tree ]] && mount -t tmpfs none "$tree"
done
[[ ! -e $source/CMakeLists.txt && ! -e $build/CMakeCache.txt ]] || fail "the trees are still visible"
bin=$prefix/bin/autobench-mpi
cd "$work"

mkdir "$work/empty"
if env -u AUTOBENCH_PYTHON PATH="$work/empty" "$bin" report --format html "$h5" >"$work/page.html" 2>"$work/err"; then
  fail "report --format html ran with no Python on PATH: $(cat "$work/err")"
fi
[[ $(wc -l <"$work/err") -eq 1 ]] || fail "expected a one-line error, got: $(cat "$work/err")"
grep -q "cannot run python3 .*python3 on PATH" "$work/err" || fail "the error does not name what is missing: $(cat "$work/err")"
! grep -qF "$source" "$work/err" && ! grep -qF "$build" "$work/err" ||
  fail "the installed program looked in the source or build tree: $(cat "$work/err")"

AUTOBENCH_PYTHON=$python "$bin" report --format html "$h5" >"$work/page.html" 2>"$work/err" ||
  fail "report --format html with \$AUTOBENCH_PYTHON failed: $(cat "$work/err")"
grep -qF "href=\"file://$prefix/share/doc/autobench-mpi/knees.md\"" "$work/page.html" ||
  fail "the page's docs/knees.md does not link to the installed manual: $(grep -o 'docs/knees.md[^<]*' "$work/page.html" | head -3)"
! grep -qF "$source" "$work/page.html" || fail "the page names the source tree"
AUTOBENCH_PYTHON=$python "$bin" plot "$h5" --output "$work/plots" >"$work/plot.log" 2>&1 ||
  fail "plot with \$AUTOBENCH_PYTHON failed: $(cat "$work/plot.log")"
[[ -f $work/plots/overview.png ]] || fail "plot wrote no overview.png: $(ls "$work/plots")"

ln -s "$(dirname "$(dirname "$python")")" "$prefix/share/autobench-mpi/venv"
env -u AUTOBENCH_PYTHON PATH="$work/empty" "$bin" plot "$h5" --output "$work/plots-venv" >"$work/plot.log" 2>&1 ||
  fail "plot with the prefix's venv failed: $(cat "$work/plot.log")"
[[ -f $work/plots-venv/overview.png ]] || fail "plot with the prefix's venv wrote no overview.png"
echo "ok"
SH
echo "ok: installed into $prefix; with the source, build and Python trees hidden: a one-line error without" \
  "Python, the HTML page (linking the installed manual) and plot with \$AUTOBENCH_PYTHON and with the prefix's venv"
