#!/usr/bin/env bash
# Download tokamax (a peer of our attention and grouped-GEMM kernels) and what it needs, as Python
# 3.12 wheels, into the git-ignored .peers/ for the device tool's `carry` (the H200 machine has no
# network). tokamax 0.0.17 needs Python >= 3.12 and jax >= 0.11.1, so it only runs there.
# On the device:  bash benchmarks/install_peers.sh && export PYTHONPATH=/tmp/peers:$PYTHONPATH
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .peers/wheels .peers/stub/xprof/cli
platforms=(--platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64)
for pkg in tokamax==0.0.17 einshape==1.0 qwix==0.1.8 immutabledict==4.3.1 pydantic==2.14.3 \
           pydantic-core==2.50.4 annotated-types==0.8.0 typing-inspection==0.4.5 typing-extensions==4.16.0; do
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    "${platforms[@]}" -d .peers/wheels "$pkg"
done
# pytest-xdist (not a peer; the test extra has it since session 74, but the device machine
# reaches no package index): runs the device's `pytest -m gpu` in several processes on the one
# GPU (benchmarks/gpu_tests.sh).
mkdir -p .peers/xdist
for pkg in pytest-xdist==3.8.0 execnet==2.1.2; do
  python3 -m pip download -q --no-deps --only-binary=:all: -d .peers/xdist "$pkg"
done
# `import tokamax` imports xprof for a profiling tool the benchmarks never call: a stub suffices.
touch .peers/stub/xprof/__init__.py .peers/stub/xprof/cli/__init__.py
cat > .peers/stub/xprof/cli/tools.py <<'PY'
def get_kernel_stats_tool(*args, **kwargs):
  raise NotImplementedError("xprof stub: jaxkern's benchmarks time with CUPTI instead")
PY
du -sh .peers
