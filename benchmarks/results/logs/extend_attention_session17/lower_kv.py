"""CPU export-for-cuda lowering of the session-17 ablation variants."""
import jax, jax.numpy as jnp
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
S = jax.ShapeDtypeStruct
for D, hq, hkv, cfgs in [(256, 8, 4, [C(), C(overlap=True)]), (128, 32, 8, [C(block_kv=128, overlap=True)])]:
  B, T, P = 8, 4100, 512
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((B * P // 16, 16, hkv, D), jnp.bfloat16), S((B * P // 16, 16, hkv, D), jnp.bfloat16),
          S((B, P // 16), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  for cfg in cfgs:
    for ab in ((), ("halfkv",), ("onecopy",), ("onecopy", "halfkv")):
      mosaic._ABLATE = frozenset(ab)
      f = lambda *a, cfg=cfg: extend_attention_pallas(*a, max_extend_len=512, config=cfg)
      exp = jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
      print(D, cfg.block_kv, cfg.overlap, ab, "ok", len(exp.mlir_module()), flush=True)
