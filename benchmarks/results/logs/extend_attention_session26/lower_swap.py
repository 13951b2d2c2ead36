"""Session 26: CPU export-for-cuda (the full Mosaic GPU lowering) of swapped-operand sequence
tiles (swap_tokens) at the verify / decode shapes' head dims and GQA groups."""
import jax
import jax.numpy as jnp

from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.support import smem_bytes, unsupported_reason

S = jax.ShapeDtypeStruct
for D, hq, hkv, E, swaps in [(256, 8, 4, 4, (16, 8)), (128, 32, 8, 4, (16,)),
                             (128, 32, 8, 1, (8,)), (64, 8, 1, 4, (16,))]:
  B, P = 32, 1024
  T = B * E
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((B * P // 16, 16, hkv, D), jnp.bfloat16), S((B * P // 16, 16, hkv, D), jnp.bfloat16),
          S((B, P // 16), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  for sw in swaps:
    for bk in (64, 128):
      cfg = C(tiles="sequence", consumers=1, block_kv=bk, num_stages=2, swap_tokens=sw)
      why = unsupported_reason(cfg, head_dim=D, dtype="bfloat16", num_q_heads=hq,
                               num_kv_heads=hkv)
      if why:
        print(D, hq, hkv, E, sw, bk, "unsupported:", why)
        continue
      f = lambda *a, cfg=cfg: extend_attention_pallas(*a, max_extend_len=E, config=cfg,
                                                      sliding_window=512)
      exp = jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
      print(D, hq, hkv, E, sw, bk, smem_bytes(cfg, D, group=hq // hkv), "ok",
            len(exp.mlir_module()), flush=True)
