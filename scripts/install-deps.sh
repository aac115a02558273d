#!/usr/bin/env bash
# Installs what autobench-mpi needs on Debian/Ubuntu (apt-get), skipping what is already there.
#   scripts/install-deps.sh           build and run dependencies
#   scripts/install-deps.sh --tests   also what the tests need (GoogleTest, SLURM + munge, h5py, matplotlib, kneed)
set -euo pipefail

packages=(cmake g++ make git openmpi-bin libopenmpi-dev libhdf5-dev hdf5-tools libcli11-dev libeigen3-dev
          nlohmann-json3-dev)
python_packages=()
if [[ ${1:-} == --tests ]]; then
  packages+=(libgtest-dev slurm-wlm slurm-client munge python3-pip)
  python_packages+=(h5py matplotlib numpy kneed==0.8.5)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

missing_py=()
for p in "${python_packages[@]}"; do
  python3 -c "import ${p%%==*}" 2>/dev/null || missing_py+=("$p")
done
if ((${#missing_py[@]})); then
  echo "install-deps: pip installing ${missing_py[*]}"
  python3 -m pip install --quiet "${missing_py[@]}" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "${missing_py[@]}"
fi
