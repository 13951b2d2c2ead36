"""Review of session 31: sha1 of the CUDA export (jax.export under an abstract H200 mesh, CPU,
source locations off, so line shifts do not count) of the four stream-K builds, DS_G4_m256_gu
masked shapes, plain and SwiGLU, both sk_partials layouts.
python benchmarks/results/logs/review_session31/export_hash.py TAG"""
import hashlib, sys, re
import jax, jax.numpy as jnp
jax.config.update("jax_traceback_in_locations_limit", 0)
jax.config.update("jax_include_debug_info_in_dumps", False)
from jax import export
from jaxkern import _compat
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
ARGS = (jax.ShapeDtypeStruct((4, 384, 7168), jnp.bfloat16),
        jax.ShapeDtypeStruct((4, 7168, 4096), jnp.bfloat16), jax.ShapeDtypeStruct((4,), jnp.int32))
for parts in ("tile", "lanes"):
  cfg = C(block_m=128, block_n=256, num_stages=4, tiles="groups", stream_k=True, sk_partials=parts)
  for act in (None, "swiglu"):
    f = lambda a, b, m: grouped_gemm_pallas(a, b, masked_m=m, config=cfg, num_sms=132, activation=act)
    with jax.sharding.use_abstract_mesh(MESH):
      text = export.export(jax.jit(f), platforms=["cuda"])(*ARGS).mlir_module()
    print(sys.argv[1], parts, act, hashlib.sha1(text.encode()).hexdigest()[:12], len(text), text.count(".py"), flush=True)
