"""Compile extend-attention kernel variants and let Mosaic GPU print the ptxas report
(MOSAIC_GPU_DUMP_PTXAS=1 in the environment)."""
import sys
import jax, jax.numpy as jnp, numpy as np
from pallas_kernels.extend_attention.mosaic import ExtendAttentionPallasConfig as C, extend_attention_pallas
from _testing import make_extend_inputs
rng = np.random.default_rng(0)
for hd, hq, hkv, cfg in [(256, 8, 4, C(tiles="global", consumers=2, block_kv=64, num_stages=2)),
                         (256, 8, 4, C(tiles="global", consumers=2, block_kv=64, num_stages=2, overlap=True)),
                         (128, 32, 8, C(tiles="global", consumers=2, block_kv=128, num_stages=2)),
                         (128, 32, 8, C(tiles="global", consumers=2, block_kv=128, num_stages=2, overlap=True))]:
  inp = make_extend_inputs(rng, [(64, 256)], num_q_heads=hq, num_kv_heads=hkv, head_dim=hd, page_size=16)
  args = inp.args(jnp.bfloat16)
  print(f"=== hd{hd} {cfg}", flush=True)
  out = jax.jit(lambda *a: extend_attention_pallas(*a, config=cfg, max_extend_len=256))(*args)
  out.block_until_ready()
  sys.stdout.flush(); sys.stderr.flush()
