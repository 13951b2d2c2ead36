"""Full Mosaic GPU lowering on CPU (export for cuda) of extend-attention pair/direct variants."""
import sys
import jax, jax.numpy as jnp
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
S = jax.ShapeDtypeStruct
for D, hq, hkv, cfgs in [
    (256, 8, 4, [C(tile_order="pairs"), C(tile_order="pairs", overlap=True), C()]),
    (128, 32, 8, [C(block_kv=128, overlap=True, tile_order="pairs")])]:
  B, T, P = 8, 4100, 512
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((B * P // 16, 16, hkv, D), jnp.bfloat16), S((B * P // 16, 16, hkv, D), jnp.bfloat16),
          S((B, P // 16), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  for cfg in cfgs:
    for direct in ((False, True) if cfg.tile_order == "index" else (False,)):
      mosaic._DIRECT_GLOBAL_STORES = direct
      f = lambda *a, cfg=cfg: extend_attention_pallas(*a, max_extend_len=512, config=cfg)
      exp = jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
      print(D, cfg, direct, "ok", len(exp.mlir_module()), flush=True)
