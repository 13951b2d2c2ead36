"""Session 32: sha1 of the CUDA export (jax.export under an abstract H200 mesh, CPU, source
locations off) of extend-attention builds, to show which lowerings a change touches (session 32:
narrow_experiment.patch changed only the narrow launches; see NOTES.md).
python benchmarks/results/logs/extend_attention_session32/export_hash.py TAG"""
import hashlib
import sys

import jax
import jax.numpy as jnp
from jax import export

jax.config.update("jax_traceback_in_locations_limit", 0)
jax.config.update("jax_include_debug_info_in_dumps", False)
from jaxkern import _compat
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
S = jax.ShapeDtypeStruct
# name: (B, ext, max_pages, Hq, Hkv, D, max_extend_len, config)
CASES = {
    "verify_burst": (32, 4, 4, 8, 4, 256, 4, C(tiles="sequence", consumers=1, block_kv=64)),
    "verify_chat_split": (32, 4, 64, 8, 4, 256, 4,
                          C(tiles="sequence", consumers=1, block_kv=64, num_splits=2)),
    "hd128_verify": (32, 4, 16, 32, 8, 128, 4, C(tiles="sequence", consumers=1, block_kv=128)),
    "chunk_seq": (8, 40, 4, 8, 4, 256, 40,
                  C(tiles="sequence", consumers=1, block_kv=64, overlap=True)),
    "prefill_global": (1, 1024, 0, 8, 4, 256, 1024,
                       C(tiles="global", consumers=2, block_kv=64, overlap=True)),
}
for name, (b, ext, pages, hq, hkv, d, mel, cfg) in CASES.items():
  t = b * ext
  args = (S((t, hq, d), jnp.bfloat16), S((t, hkv, d), jnp.bfloat16), S((t, hkv, d), jnp.bfloat16),
          S((max(b * pages, 1), 16, hkv, d), jnp.bfloat16),
          S((max(b * pages, 1), 16, hkv, d), jnp.bfloat16),
          S((b, pages), jnp.int32), S((b,), jnp.int32), S((b + 1,), jnp.int32))
  f = lambda *a, cfg=cfg, mel=mel: extend_attention_pallas(*a, config=cfg, max_extend_len=mel,
                                                           sliding_window=1024)
  with jax.sharding.use_abstract_mesh(MESH):
    text = export.export(jax.jit(f), platforms=["cuda"])(*args).mlir_module()
  print(sys.argv[1], name, hashlib.sha1(text.encode()).hexdigest()[:12], len(text), flush=True)
