"""Session 32: sha1 of the CUDA export (jax.export under an abstract H200 mesh, CPU, source
locations off) of fp8 grouped-GEMM builds at DS_G1_m1024_gu (contiguous, K-major weights): the
table's config (unchanged by fp8 stream-K) and the stream-K candidates (they lower).
python benchmarks/results/logs/grouped_gemm_session32/export_hash_fp8.py TAG"""
import hashlib
import sys

import jax
import jax.numpy as jnp
from jax import export

jax.config.update("jax_traceback_in_locations_limit", 0)
jax.config.update("jax_include_debug_info_in_dumps", False)
from jaxkern import _compat
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
F8, S = jnp.float8_e4m3fn, jax.ShapeDtypeStruct
ARGS = (S((1024, 7168), F8), S((1, 4096, 7168), F8), S((1,), jnp.int32),
        S((1024, 56), jnp.float32), S((1, 32, 56), jnp.float32))
CONFIGS = {"table": C(block_m=128, block_n=192, block_k=128, num_stages=4),
           "g4_table": C(block_m=64, block_n=256, block_k=128, split="n", num_stages=4,
                         tiles="groups"),
           "sk192": C(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups",
                      stream_k=True),
           "sk192l": C(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups",
                       stream_k=True, sk_partials="lanes"),
           "sk128": C(block_m=128, block_n=128, block_k=128, num_stages=4, tiles="groups",
                      stream_k=True)}
for name, cfg in CONFIGS.items():
  try:
    f = lambda a, b, g, x, y, cfg=cfg: grouped_gemm_pallas(a, b, g, lhs_scale=x, rhs_scale=y,
                                                           rhs_layout="nk", config=cfg,
                                                           num_sms=132)
    with jax.sharding.use_abstract_mesh(MESH):
      text = export.export(jax.jit(f), platforms=["cuda"])(*ARGS).mlir_module()
    print(sys.argv[1], name, hashlib.sha1(text.encode()).hexdigest()[:12], len(text), flush=True)
  except Exception as e:  # noqa: BLE001
    print(sys.argv[1], name, "FAILED", type(e).__name__, str(e)[:200], flush=True)
