"""Session 52 (issue 5): the fused kernel reading a's K shard where it is (a's loads through the
untiled view of its ring, `_mgpu.operand_ring`, the last step's columns past K/tp zero-filled by
TMA) against the kernel before, which zero-padded a to whole 64-column steps first (an XLA pad
kernel per call: 85 us at K = 29568, tp 4 on H100s in session 49). Session 51's ab_spacing.py
runs them (one process, variants interleaved over rounds, n256/s4/in/d through the public op:
wall, CUPTI per kernel, span; each result checked against the float32 reference):
  view:    as shipped;
  padded:  `mosaic.gemm_reduce_scatter_fused` wrapped to pad a's shard first (the same kernel
           then takes its tiled path, K/tp being whole steps: the kernel before session 52).
  python ab_pad.py OUT TP ROUNDS SHAPE[;SHAPE...] VARIANTS   e.g. 4 2 "8192,8192,29568" view,padded
"""
import os
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../gemm_rs_session51"))
import ab_spacing                                                     # noqa: E402
from pallas_kernels.gemm_rs import mosaic                             # noqa: E402

_FUSED = mosaic.gemm_reduce_scatter_fused


def _padded(a, b, **kw):
  return _FUSED(jnp.pad(a, ((0, 0), (0, -a.shape[1] % ab_spacing.CONFIG.block_k))), b, **kw)


def patch(variant):
  mosaic.gemm_reduce_scatter_fused = _padded if variant == "padded" else _FUSED
  jax.clear_caches()


if __name__ == "__main__":
  ab_spacing.main(patch, "ab_pad")
