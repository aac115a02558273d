#!/usr/bin/env bash
# `cmake --install` of this build into a fresh prefix, used as a site would: the installed files are
# there, `module load autobench-mpi` (Environment Modules, scripts/install-deps.sh --tests installs it;
# PATH only where it is absent) puts the program, its launch wrapper and the SLURM templates in the
# environment, a 2-rank run through the installed `autobench-launch mpirun` from outside the source tree
# writes a complete HDF5 file, and the installed `plot` runs the installed script with the venv under the
# prefix (here a stand-in that records it was used).
set -euo pipefail
: "${AUTOBENCH_BUILD_DIR:?}" "${AUTOBENCH_SCRATCH:?}" "${AUTOBENCH_PYTHON:?}"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
rm -rf "$AUTOBENCH_SCRATCH"
mkdir -p "$AUTOBENCH_SCRATCH"
prefix=$(cd "$AUTOBENCH_SCRATCH" && pwd)/prefix
work=$(mktemp -d /tmp/autobench-install-test.XXXXXX) # outside the source tree (the build is inside it)
trap 'rm -rf "$work"' EXIT

cmake --install "$AUTOBENCH_BUILD_DIR" --prefix "$prefix" >"$AUTOBENCH_SCRATCH/install.log" ||
  { cat "$AUTOBENCH_SCRATCH/install.log"; fail "cmake --install failed"; }
share=$prefix/share/autobench-mpi
for f in bin/autobench-mpi bin/autobench-launch share/autobench-mpi/plot_results.py share/autobench-mpi/requirements.txt \
  share/autobench-mpi/slurm/autobench-job.sh share/autobench-mpi/slurm/single-node.sbatch \
  share/autobench-mpi/slurm/four-nodes.sbatch share/autobench-mpi/slurm/compare-gpu-types.sbatch \
  share/autobench-mpi/slurm/calibrate.sbatch; do
  [[ -f $prefix/$f ]] || fail "cmake --install did not install $f"
done
modulefiles=("$prefix"/share/modulefiles/autobench-mpi/*)
((${#modulefiles[@]} == 1)) && [[ -f ${modulefiles[0]} ]] || fail "expected one modulefile, found: ${modulefiles[*]}"
grep -qx "set prefix \"$prefix\"" "${modulefiles[0]}" || fail "the modulefile does not name the prefix $prefix"

cd "$work"
if [[ -f /usr/share/modules/init/bash ]]; then
  set +u # the init script reads unset variables
  # shellcheck disable=SC1091
  source /usr/share/modules/init/bash
  module use "$prefix/share/modulefiles"
  module load autobench-mpi || fail "module load autobench-mpi failed"
  set -u
  echo "loaded: $(module -t list 2>&1 | tr '\n' ' ')"
else
  echo "environment-modules is not installed (scripts/install-deps.sh --tests installs it): PATH only"
  PATH=$prefix/bin:$PATH
  AUTOBENCH_SLURM_SCRIPTS=$share/slurm
fi
[[ $(command -v autobench-mpi) == "$prefix/bin/autobench-mpi" ]] ||
  fail "autobench-mpi on PATH is '$(command -v autobench-mpi)', expected $prefix/bin/autobench-mpi"
[[ $(command -v autobench-launch) == "$prefix/bin/autobench-launch" ]] ||
  fail "autobench-launch on PATH is '$(command -v autobench-launch)', expected $prefix/bin/autobench-launch"
[[ ${AUTOBENCH_SLURM_SCRIPTS:-} == "$share/slurm" ]] ||
  fail "AUTOBENCH_SLURM_SCRIPTS is '${AUTOBENCH_SLURM_SCRIPTS:-}', expected $share/slurm"

h5=$(autobench-launch mpirun -n 2 --oversubscribe autobench-mpi --suite quick --backend sim --output "$work/results" -q) ||
  fail "autobench-launch mpirun -n 2 autobench-mpi --suite quick --backend sim failed"
[[ -f $h5 && $h5 == "$work/results/"*/autobench.h5 ]] || fail "the run printed '$h5', not a file under $work/results"
"$AUTOBENCH_PYTHON" - "$h5" <<'PY' || fail "$h5 is not a complete 2-rank sim result"
import sys
import h5py

with h5py.File(sys.argv[1], "r") as f:
    assert f.attrs["ranks"] == 2 and f.attrs["status"] == "complete" and f.attrs["backend"] == "sim", dict(f.attrs)
    assert len(f["campaigns"]) > 0, "no campaigns"
PY

# plot with no $AUTOBENCH_PYTHON finds <prefix>/share/autobench-mpi/venv/bin/python3 and the installed script.
mkdir -p "$share/venv/bin"
cat >"$share/venv/bin/python3" <<SH
#!/bin/sh
echo "\$@" >"$work/venv-used"
exec "$AUTOBENCH_PYTHON" "\$@"
SH
chmod +x "$share/venv/bin/python3"
env -u AUTOBENCH_PYTHON autobench-mpi plot "$h5" --output "$work/plots" >"$work/plot.log" 2>&1 ||
  { cat "$work/plot.log"; fail "the installed plot failed"; }
[[ $(cat "$work/venv-used" 2>/dev/null) == "$share/plot_results.py $h5 --format png,pdf --output $work/plots" ]] ||
  fail "plot did not run the installed script with the prefix's venv: '$(cat "$work/venv-used" 2>&1)'"
[[ -f $work/plots/overview.png && -f $work/plots/overview.pdf ]] || fail "plot wrote no overview.png and .pdf"

if [[ $(type -t module) == function ]]; then
  module unload autobench-mpi
  [[ $(command -v autobench-mpi || true) != "$prefix/bin/autobench-mpi" ]] || fail "module unload left the program on PATH"
fi
echo "ok: installed into $prefix, loaded, ran, plotted"
