"""Session 18: compile the prefetch variant on the device and print the traceback."""
import dataclasses, traceback, sys
import jax
from attn_case import case
from pallas_kernels.extend_attention import mosaic, plan
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
args, kw, ref, arg_sets, cfg = case("chunk_8x512_p0", reference=False)
for pre, early, ctas in ((1, 0, 132), (1, 0, 0), (0, 1, 132)):
  mosaic._PREFETCH, mosaic._EARLY_Q = bool(pre), bool(early)
  c = dataclasses.replace(cfg, persistent_ctas=ctas)
  print("=== prefetch", pre, "early", early, "ctas", ctas, flush=True)
  try:
    jax.jit(lambda *a: extend_attention_pallas(*a, **kw, config=c))(*args).block_until_ready()
    print("ok", flush=True)
  except Exception:
    traceback.print_exc(limit=-25)
