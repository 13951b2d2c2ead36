"""Review of session 66 (no device): the shared-memory transforms jax 0.11's warpgroup lowering
infers for the grouped GEMM's output chunk buffers, which the kernel allocates with no transforms
when config.segment_stores="rows" (`_mgpu.operand_ring(swizzle=False)`). Exports Gm_decode_dn's
problem (1056 x 2816 @ 128 x 2816 x 704, bf16) for cuda on CPU under the H200's abstract mesh,
with both store forms, and prints the transforms of every TMA store (`async_store`) after Mosaic
GPU's layout inference. Run under jax 0.11.2 (jax 0.10 lowers with lane semantics: no inference):

  PYTHONPATH=$PWD:$PWD/tests /tmp/v011/bin/python \\
      benchmarks/results/logs/review_session66/inferred_transforms.py
(/tmp/v011: the jax 0.11.2 venv session 66's jax011_lowering.sh makes on its first run.)
"""
import re

import jax
import jax.numpy as jnp
from jax.experimental.mosaic.gpu import layout_inference

import _testing
from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

_infer = layout_inference.infer_layout
_after: list[str] = []


def _keep(module, **kwargs):
  out = _infer(module, **kwargs)
  _after.append(str(module))
  return out


layout_inference.infer_layout = _keep

S = jax.ShapeDtypeStruct
print("jax", jax.__version__)
for stores in ("rows", "swizzled"):
  _after.clear()
  config = GroupedGemmPallasConfig(block_m=64, block_n=128, split="n", num_stages=6,
                                   tiles="groups", segment_stores=stores)
  f = lambda x, w, c: grouped_gemm_pallas(x, w, c, config=config, num_sms=132)
  with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
    jax.export.export(jax.jit(f), platforms=["cuda"])(
        S((1056, 2816), jnp.bfloat16), S((128, 2816, 704), jnp.bfloat16), S((128,), jnp.int32))
  ops = [line for line in _after[-1].splitlines() if "async_store" in line]
  found = sorted({m for line in ops for m in re.findall(r"in_transforms = .*?\]\]", line)})
  print(f"segment_stores={stores!r}: {len(ops)} async_store ops, transforms {found}")
