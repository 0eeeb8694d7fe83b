#!/usr/bin/env bash
# Set up everything chipbench needs on a fresh Debian machine: system toolchains (apt) and a
# virtual environment at .venv with chipbench installed (non-editable, so tests exercise
# the package exactly as users get it). Idempotent: what is present is not installed again.
set -euo pipefail
cd "$(dirname "$0")/.."

# tool-to-check : Debian package
APT_TOOLS=(
  "iverilog:iverilog"
  "verilator:verilator"
  "yosys:yosys"
  "bwrap:bubblewrap"
  "gcc:gcc"
  "qemu-riscv64:qemu-user"
  "qemu-aarch64:qemu-user"
  "riscv64-linux-gnu-gcc:gcc-riscv64-linux-gnu"
  "aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu"
  "g++:g++"
  "dockerd:docker.io"
  "debootstrap:debootstrap"
  "chromium:chromium"
  "chromedriver:chromium-driver"
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for pair in "${APT_TOOLS[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# [kernels]: torch (CPU build, pinned), triton and ninja for the cuda-kernels suite.
# [ray]: the Ray executor, so its tests run against a real local cluster (~10 s to install).
# [xls]: Google XLS's Python bindings for the hls-xls suite (a ~100 MB wheel).
# Reinstall chipbench itself every time (cheap) so the venv never runs stale code.
# setuptools keeps files deleted from the tree in build/lib and installs them again: start clean.
rm -rf build
.venv/bin/python -m pip install -q --disable-pip-version-check ".[test,kernels,ray,xls]"

# The docker sandbox (--sandbox docker): start the engine when none runs, then build its
# images (a local debootstrap base; images whose recipe is unchanged are reused). Where no
# engine can run here, the docker tests skip and say why; nothing else depends on it.
if command -v dockerd >/dev/null 2>&1 && ! docker info >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  echo "setup: starting dockerd (log: /var/log/chipbench-dockerd.log)"
  setsid nohup dockerd >/var/log/chipbench-dockerd.log 2>&1 </dev/null &
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
fi
if docker info >/dev/null 2>&1; then
  .venv/bin/chipbench sandbox build
  .venv/bin/chipbench sandbox prune   # images of older recipes: gigabytes each
else
  echo "setup: no Docker engine answers; the docker sandbox and its tests are unavailable here"
fi
echo "setup: ready ($(.venv/bin/chipbench --help >/dev/null && echo chipbench ok))"
