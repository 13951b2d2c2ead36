"""Review check (session 24): the jaxprs (kernel bodies included) of the two Mosaic GPU kernels
over many configs, written to /tmp/jaxpr/TAG_*.txt with a sha1 each; identical text before and
after a refactor means the same traced kernel. CPU only:
  PYTHONPATH=. python benchmarks/results/logs/review_session24/jaxpr_check.py TAG"""
import functools, hashlib, os, sys
import jax, jax.numpy as jnp
from jaxkern.device import DeviceSpec  # noqa: F401  (importing jaxkern first, as users do)
import jaxkern  # noqa: F401
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as A
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as G

S = jax.ShapeDtypeStruct
tag = sys.argv[1]
os.makedirs("/tmp/jaxpr", exist_ok=True)


def attention_module():
  try:
    from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
  except ImportError:
    from pallas_kernels.extend_attention.kernel import extend_attention_pallas
  return extend_attention_pallas


def gemm_module():
  from pallas_kernels.grouped_gemm import mosaic
  return mosaic


def signal_target(*args, **kw):
  try:
    from pallas_kernels.grouped_gemm.support import signal_target as target
  except ImportError:     # before the session-24 split
    from pallas_kernels.grouped_gemm.mosaic import signal_target as target
  return target(*args, **kw)


def dump(name, txt):
  open(f"/tmp/jaxpr/{tag}_{name}.txt", "w").write(txt)
  print(name, hashlib.sha1(txt.encode()).hexdigest()[:12], len(txt), flush=True)


attn = [
  ("a0", 256, 8, 4, A(), dict(sliding_window=1000, logit_cap=30.0)),
  ("a1", 256, 8, 4, A(overlap=True), {}),
  ("a2", 256, 8, 4, A(persistent_ctas=132), dict(sliding_window=1000)),
  ("a3", 256, 8, 4, A(overlap=True, persistent_ctas=132, tile_order="position"), {}),
  ("a4", 256, 8, 4, A(persistent_ctas=7, tile_order="cost"), dict(logit_cap=30.0)),
  ("a5", 128, 32, 8, A(block_kv=128, overlap=True), dict(sliding_window=777)),
  ("a6", 128, 32, 8, A(tiles="sequence"), {}),
  ("a7", 128, 32, 8, A(tiles="sequence", consumers=1, num_splits=4, overlap=True),
   dict(logit_cap=5.0)),
  ("a8", 64, 8, 8, A(block_kv=128, consumers=1), {}),
  ("a9", 256, 8, 4, A(tiles="sequence", consumers=1), dict(sliding_window=100)),
]
for name, D, hq, hkv, cfg, kw in attn:
  B, T, P = 8, 4096, 512
  args = [S((T, hq, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16), S((T, hkv, D), jnp.bfloat16),
          S((B * P // 16, 16, hkv, D), jnp.bfloat16), S((B * P // 16, 16, hkv, D), jnp.bfloat16),
          S((B, P // 16), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32)]
  for interp in (False, True):
    f = lambda *a, cfg=cfg, kw=kw, interp=interp: attention_module()(
        *a, max_extend_len=512, config=cfg, interpret=interp, **kw)
    dump(f"{name}_{int(interp)}", str(jax.make_jaxpr(f)(*args)))

# grouped GEMM: contiguous bf16 (rows, groups, halves, tails, SwiGLU, split n, K-major),
# masked with signals and a consumer, fp8 (kn and nk), on a small G and a large G.
from tests import _testing  # noqa: E402
bf, f8 = jnp.bfloat16, jnp.float8_e4m3fn
gemm = [
  ("g0", G(block_m=128, block_n=256, num_stages=4, tiles="groups"), None, "kn", bf, 16),
  ("g1", G(block_m=128, block_n=256, num_stages=4, tiles="groups"), "swiglu", "kn", bf, 16),
  ("g2", G(block_m=64, block_n=256, num_stages=4, split="n", tiles="groups"), None, "kn", bf, 16),
  ("g3", G(block_m=128, block_n=256, num_stages=4), None, "kn", bf, 16),
  ("g4", G(block_m=64, block_n=256, num_stages=4, split="n"), "swiglu", "nk", bf, 16),
  ("g5", G(block_m=128, block_n=128, block_k=128, num_stages=4), None, "nk", f8, 16),
  ("g6", G(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups"), None, "kn", f8,
   16),
  ("g7", G(block_m=128, block_n=256, num_stages=4, tiles="groups"), None, "kn", bf, 256),
]
M, K, N = 4096, 2816, 1408
for name, cfg, act, layout, dt, ng in gemm:
  fp8 = dt == f8
  rhs = S((ng, N, K) if layout == "nk" else (ng, K, N), dt)
  kw = dict(config=cfg, activation=act, num_sms=132, rhs_layout=layout)
  if fp8:
    scales = (S((M, K // 128), jnp.float32),
              S((ng, -(-N // 128), K // 128) if layout == "nk" else (ng, K // 128, -(-N // 128)),
                jnp.float32))
    f = lambda x, w, gs, sx, sw, kw=kw: gemm_module().grouped_gemm_pallas(
        x, w, gs, lhs_scale=sx, rhs_scale=sw, **kw)
    dump(name, str(jax.make_jaxpr(f)(S((M, K), dt), rhs, S((ng,), jnp.int32), *scales)))
  else:
    f = lambda x, w, gs, kw=kw: gemm_module().grouped_gemm_pallas(x, w, gs, **kw)
    dump(name, str(jax.make_jaxpr(f)(S((M, K), dt), rhs, S((ng,), jnp.int32))))
# masked + signals (+ a consumer), interpret and not
for interp in (False, True):
  cfg = G(block_m=128, block_n=256, num_stages=4)
  for with_consumer in (False, True):
    def f(x, w, mm, interp=interp, with_consumer=with_consumer):
      mod = gemm_module()
      consumer = (_testing.snapshot_consumer(
          num_ctas=4, num_blocks=8 * 512 // 128, block_m=128, n_out=N,
          target=signal_target(cfg, n=N, activation=None), dtype=bf, interpret=interp)
          if with_consumer else None)
      return mod.grouped_gemm_pallas(x, w, masked_m=mm, config=cfg, num_sms=132,
                                     return_signals=True, consumer=consumer, interpret=interp)
    dump(f"gs{int(with_consumer)}_{int(interp)}",
         str(jax.make_jaxpr(f)(S((8, 512, K), bf), S((8, K, N), bf), S((8,), jnp.int32))))
