"""Session 18: CPU export-for-cuda lowering of persistent configs with chunked output stores."""
import jax, jax.numpy as jnp
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
S = jax.ShapeDtypeStruct
for D, hq, hkv, cfgs in [(256, 8, 4, [C(persistent_ctas=132), C(overlap=True, persistent_ctas=132)]),
                         (128, 32, 8, [C(block_kv=128, overlap=True, persistent_ctas=132)])]:
  B, T, P = 8, 4096, 0
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((1, 16, hkv, D), jnp.bfloat16), S((1, 16, hkv, D), jnp.bfloat16),
          S((B, 0), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  for cfg in cfgs:
    for flag in (False, True):
      mosaic._CHUNKED_OUT = flag
      print(D, cfg, flag, mosaic.smem_bytes(cfg, D), mosaic.unsupported_reason(cfg, head_dim=D, dtype="bfloat16", num_q_heads=hq, num_kv_heads=hkv))
      f = lambda *a, cfg=cfg: extend_attention_pallas(*a, max_extend_len=512, config=cfg)
      exp = jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
      print("  ok", len(exp.mlir_module()), flush=True)
