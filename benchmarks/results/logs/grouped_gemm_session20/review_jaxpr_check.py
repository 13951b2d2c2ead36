"""Review check (session 20): sha1 of the jaxpr (kernel body included) of the grouped GEMM kernel
in five configs (group tiles: bf16, SwiGLU, 64-row split-column; rows tiles: bf16, SwiGLU); the same hashes before and after a
refactor mean the same kernel. CPU: PYTHONPATH=. python review_jaxpr_check.py
(Session 20: identical before and after _Pending became a NamedTuple, and before and after the
review that shares the chunk split (_mgpu.epi_chunks) and a group's bounds (group_steps); the
first three differ with deferred stores off, so the check sees the change it is meant to.)"""
import functools, hashlib
import jax, jax.numpy as jnp
from pallas_kernels.grouped_gemm import mosaic
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
S = jax.ShapeDtypeStruct
for cfg, act in [(C(block_m=128, block_n=256, num_stages=4, tiles="groups"), None),
                 (C(block_m=128, block_n=256, num_stages=4, tiles="groups"), "swiglu"),
                 (C(block_m=64, block_n=256, num_stages=4, split="n", tiles="groups"), None),
                 (C(block_m=128, block_n=256, num_stages=4), None),           # rows tiles
                 (C(block_m=64, block_n=256, num_stages=4, split="n"), "swiglu")]:
  f = functools.partial(mosaic.grouped_gemm_pallas, config=cfg, activation=act, num_sms=132)
  txt = str(jax.make_jaxpr(f)(S((4096, 2816), jnp.bfloat16), S((16, 2816, 1408), jnp.bfloat16),
                              S((16,), jnp.int32)))
  print(hashlib.sha1(txt.encode()).hexdigest(), len(txt))
