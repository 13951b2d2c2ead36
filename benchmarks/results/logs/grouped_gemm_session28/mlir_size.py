"""Review of session 28: how large the grouped GEMM's lowered module is (CPU, jax.export for
cuda under an abstract H200 mesh: no device), per config, on DS_prefill_G8_M8192_gu's shapes.
python benchmarks/results/logs/grouped_gemm_session28/mlir_size.py LABEL
(run once on the working tree and once with pallas_kernels/ checked out at 5519332)"""
import functools, sys, time
import jax, jax.numpy as jnp
from jax import export
from jaxkern import _compat
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
ARGS = (jax.ShapeDtypeStruct((8192, 7168), jnp.bfloat16),
        jax.ShapeDtypeStruct((8, 7168, 4096), jnp.bfloat16), jax.ShapeDtypeStruct((8,), jnp.int32))
for cfg in (C(block_m=128, block_n=256, num_stages=4, tiles="groups"),
            C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups"),
            C(block_m=128, block_n=256, num_stages=4)):
  f = functools.partial(grouped_gemm_pallas, config=cfg, num_sms=132)
  t = time.time()
  with jax.sharding.use_abstract_mesh(MESH):
    text = export.export(jax.jit(f), platforms=["cuda"])(*ARGS).mlir_module()
  print(f"{sys.argv[1]} {cfg.tiles} {cfg.block_m}x{cfg.block_n} split {cfg.split}: "
        f"{len(text)} chars, {time.time() - t:.1f} s", flush=True)
