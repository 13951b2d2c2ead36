"""Review check: the jaxpr (kernel body included) of nine extend-attention configs, written to
/tmp/mlir/TAG_i.mlir; identical files before and after a refactor mean an identical kernel.
PYTHONPATH=. python review_jaxpr_check.py TAG"""
import hashlib, os, sys
import jax, jax.numpy as jnp
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
S = jax.ShapeDtypeStruct
tag = sys.argv[1]
os.makedirs("/tmp/mlir", exist_ok=True)
cases = [
  (256, 8, 4, C(), dict(sliding_window=1000, logit_cap=30.0)),
  (256, 8, 4, C(overlap=True), {}),
  (256, 8, 4, C(persistent_ctas=132), dict(sliding_window=1000)),
  (256, 8, 4, C(overlap=True, persistent_ctas=132, tile_order="position"), {}),
  (256, 8, 4, C(persistent_ctas=7, tile_order="cost"), dict(logit_cap=30.0)),
  (128, 32, 8, C(block_kv=128, overlap=True), dict(sliding_window=777)),
  (128, 32, 8, C(tiles="sequence"), {}),
  (128, 32, 8, C(tiles="sequence", consumers=1, num_splits=4, overlap=True), dict(logit_cap=5.0)),
  (64, 8, 8, C(block_kv=128, consumers=1), {}),
]
for i, (D, hq, hkv, cfg, kw) in enumerate(cases):
  B, T, P = 8, 4096, 512
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((B * P // 16, 16, hkv, D), jnp.bfloat16), S((B * P // 16, 16, hkv, D), jnp.bfloat16),
          S((B, P // 16), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  f = lambda *a, cfg=cfg, kw=kw: extend_attention_pallas(*a, max_extend_len=512, config=cfg, **kw)
  txt = str(jax.make_jaxpr(f)(*args))
  open(f"/tmp/mlir/{tag}_{i}.mlir", "w").write(txt)
  print(i, hashlib.sha1(txt.encode()).hexdigest()[:12], flush=True)
