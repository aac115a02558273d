#!/usr/bin/env bash
# Installs what autobench-mpi needs on Debian/Ubuntu (apt-get), skipping what is already there.
#   scripts/install-deps.sh           build and run dependencies
#   scripts/install-deps.sh --tests   also what the tests need (GoogleTest, SLURM + munge, Chromium, h5py,
#                                     matplotlib, kneed, pandas, xarray, h5netcdf)
set -euo pipefail

packages=(cmake g++ make git openmpi-bin libopenmpi-dev libhdf5-dev hdf5-tools libcli11-dev libeigen3-dev
          nlohmann-json3-dev libfmt-dev zlib1g-dev)
# Optional: without these the build still works and says what it lacks (toml++: --suite FILE.toml).
# Machines with no network (the lent GPU machines) simply go without them.
optional_packages=(libtomlplusplus-dev)
python_packages=()
if [[ ${1:-} == --tests ]]; then
  packages+=(libgtest-dev slurm-wlm slurm-client munge python3-pip chromium)
  python_packages+=(h5py matplotlib numpy kneed==0.9.0 pandas xarray h5netcdf)
fi

sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
updated=0
# apt_install PACKAGE...: installs those not yet installed; fails if apt-get does.
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "install-deps: installing ${missing[*]}"
  if ((!updated)); then $sudo apt-get update -qq && updated=1 || return 1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
apt_install "${packages[@]}"
for p in "${optional_packages[@]}"; do
  apt_install "$p" 2>/dev/null || echo "install-deps: optional $p not installed (no network?); building without it"
done

missing_py=()
for p in "${python_packages[@]}"; do
  # present, and at the pinned version where one is given (kneed==0.9.0: an older kneed gives other knees)
  python3 -c "import importlib.metadata as m, sys; n, _, v = sys.argv[1].partition('=='); \
sys.exit(0 if not v or m.version(n) == v else 1)" "$p" 2>/dev/null || missing_py+=("$p")
done
if ((${#missing_py[@]})); then
  echo "install-deps: pip installing ${missing_py[*]}"
  python3 -m pip install --quiet "${missing_py[@]}" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "${missing_py[@]}"
fi
