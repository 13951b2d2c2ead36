#!/bin/bash
# Session 66 (no device): the CUDA-export lowering tests under the H200's JAX (0.11.2: warpgroup
# lowering semantics by default; CI's 0.10.2 lowers with lane semantics), on CPU, from the
# repository root. Makes a Python 3.12 venv at ${VENV:-/tmp/v011} with the jax/jaxlib 0.11.2 CPU
# wheels on first use. Extra arguments go to pytest (default: the lowering tests).
#   bash benchmarks/results/logs/session66/jax011_lowering.sh [-k EXPR]
set -e
VENV=${VENV:-/tmp/v011}
if [ ! -x "$VENV/bin/python" ]; then
  "$(pyenv root 2>/dev/null || echo /root/.pyenv)/versions/3.12.1/bin/python" -m venv "$VENV"
  "$VENV/bin/pip" install -q jax==0.11.2 jaxlib==0.11.2 numpy absl-py pytest flax
fi
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(-k "lower or compiles or smem_estimate")
PYTHONPATH=$PWD:$PWD/tests "$VENV/bin/python" -m pytest -q -p no:cacheprovider \
  -m "not gpu and not multi_gpu" tests/pallas_kernels/test_grouped_gemm_mosaic.py \
  tests/pallas_kernels/test_extend_attention_mosaic.py tests/sharding/test_gemm_rs_fused.py "${args[@]}"
