#!/usr/bin/env bash
# Installs what autobench-mpi needs on Debian/Ubuntu (apt-get), skipping what is already there, and the
# Python packages of `plot` (and of the tests) into the project virtual environment .venv/ at the
# repository root, which `plot` and the tests use (CMake bakes .venv/bin/python3 in as plot's interpreter).
#   scripts/install-deps.sh           build and run dependencies; .venv with scripts/requirements.txt
#                                     (without network the build still works; plot then says what it lacks)
#   scripts/install-deps.sh --tests   also what the tests need (GoogleTest, SLURM + munge, Environment
#                                     Modules, Chromium; .venv with tests/requirements.txt), or exit 1
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=$root/.venv

packages=(cmake g++ make git openmpi-bin libopenmpi-dev libhdf5-dev hdf5-tools libcli11-dev libeigen3-dev
          nlohmann-json3-dev libfmt-dev zlib1g-dev)
# Optional: without these the build still works and says what it lacks (toml++: --suite FILE.toml).
# Machines with no network (the lent GPU machines) simply go without them.
optional_packages=(libtomlplusplus-dev)
requirements=$root/scripts/requirements.txt
tests=0
if [[ ${1:-} == --tests ]]; then
  tests=1
  packages+=(libgtest-dev slurm-wlm slurm-client munge environment-modules chromium)
  requirements=$root/tests/requirements.txt
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
  if ((!updated)); then $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq && updated=1 || return 1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
apt_install "${packages[@]}"
for p in "${optional_packages[@]}"; do
  apt_install "$p" 2>/dev/null || echo "install-deps: optional $p not installed (no network?); building without it"
done

# The venv's packages: checked against the requirement files by their installed versions, pip-installed
# when something is unmet, checked again.
python_env() {
  local python=$venv/bin/python3 check=("$venv/bin/python3" "$root/scripts/requirements_check.py" "$requirements")
  if ! "$python" -c '' 2>/dev/null; then
    apt_install python3 python3-venv || return 1
    echo "install-deps: creating the Python virtual environment $venv"
    "$(command -v /usr/bin/python3 || command -v python3)" -m venv --clear "$venv" || return 1
  fi
  "${check[@]}" >/dev/null 2>&1 && return 0
  echo "install-deps: pip installing ${requirements#"$root"/} into $venv"
  "$python" -m pip install --quiet --disable-pip-version-check -r "$requirements" || return 1
  "${check[@]}"
}
if ! python_env; then
  ((tests)) && { echo "install-deps: error: the Python packages of ${requirements#"$root"/} are not in $venv" >&2; exit 1; }
  echo "install-deps: the Python packages of plot are not installed (no network?); plot will say what it lacks"
fi
