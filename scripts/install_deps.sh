#!/usr/bin/env bash
# Installs the Debian 12 packages lutsim needs, and only those that are missing,
# so a second run costs one dpkg query. Run as root (or with sudo available).
set -euo pipefail

packages=(
  # build
  build-essential cmake make pkg-config git ca-certificates
  # libraries
  libyaml-cpp-dev libcli11-dev nlohmann-json3-dev libeigen3-dev libboost-graph-dev libboost-filesystem-dev
  libsystemc-dev catch2 libbenchmark-dev
  # sweep results store (SQLite) and its point keys (SHA-256 from OpenSSL libcrypto)
  libsqlite3-dev libssl-dev
  # sweeps under mpirun
  openmpi-bin libopenmpi-dev
  # sanitizer and fuzzing build (./dev.sh test, fuzz/)
  clang libclang-rt-14-dev
  # hardware flow
  verilator yosys iverilog opensta
  # plots, and the notebooks executed headless (notebooks/run_notebooks.sh)
  python3 python3-matplotlib python3-numpy
  jupyter-nbconvert python3-nbconvert python3-nbclient python3-nbformat python3-ipykernel
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps: all ${#packages[@]} Debian packages present"
  exit 0
fi

echo "install_deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then
    sudo_cmd=(sudo)
  else
    echo "install_deps: not root and no sudo; install these as root: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
