"""Session 31: where stream-K's time goes at 28 K steps a CTA, and two changes to its exchange.
One process, CUPTI times (outputs checked against the float32 reference except for the stubbed
variants, wrong by design), rows DS_G1_m1024_gu/masked and DS_G4_m256_gu/masked on the table's
stream-K group tiles (128 x 256, 4 stages, band 8). Variants (jax caches cleared before each):
  sk           the working tree: partials thread-interleaved (mosaic.PACKED_PARTIALS), the zero
               units first on the CTAs with no stream-K steps (StreamDeal._zero_rank)
  sk:flat      partials in the tile's own layout (PACKED_PARTIALS = False, session 30's)
  sk:oldzero   zero unit z on CTA z % C (session 30's)
  sk:old       both of session 30's
  sk-add       the sums' loads stubbed (wrong results)
  sk-all       partial stores, tickets and sums stubbed (wrong results)
  "@W" after a label: the sums W columns at a time (mosaic.GATHER_COLS, 128 by default)
python benchmarks/results/logs/grouped_gemm_session31/sk_exchange.py OUT ROWS VARIANTS ROUNDS"""
import json, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
import jax, jax.numpy as jnp
from ab_case import case, config_runner
from benchmarks import _timing
from pallas_kernels import _mgpu
from pallas_kernels.grouped_gemm import mosaic, plan

SK = dict(tiles="groups", block_m=128, block_n=256, split="m", num_stages=4, band=8,
          stream_k=True)
REAL = dict(store_packed=_mgpu.store_packed, store_fragment=_mgpu.store_fragment,
            ticket=_mgpu.ticket, add_packed=_mgpu.add_packed, add_fragment=_mgpu.add_fragment)
ZERO_RANK = plan.StreamDeal._zero_rank
STUB = dict(store_packed=lambda tile, ref, *, interpret: None,
            store_fragment=lambda tile, ref, *, interpret: None,
            ticket=lambda counter, word, *, interpret: jnp.int32(0),
            add_packed=lambda tile, ref, *, interpret: tile,
            add_fragment=lambda tile, ref, *, interpret: tile)


def prepare(label):
  jax.clear_caches()
  label, _, width = label.partition("@")
  mosaic.GATHER_COLS = int(width or 128)
  for k, v in REAL.items():
    setattr(_mgpu, k, v)
  mosaic.PACKED_PARTIALS = label not in ("sk:flat", "sk:old")
  plan.StreamDeal._zero_rank = (ZERO_RANK if label not in ("sk:oldzero", "sk:old") else
                                lambda self, cta: cta)
  stubbed = {"sk-add": ("add_packed", "add_fragment"), "sk-all": tuple(STUB)}.get(label, ())
  for k in stubbed:
    setattr(_mgpu, k, STUB[k])
  return config_runner(mosaic, SK), bool(stubbed)


out, rows, labels = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(",")
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 1
records = []
for row in rows:
  sets, call, ref, cfg, flops = case(row)
  for rnd in range(rounds):
    for label in labels:
      fn, stubbed = prepare(label)
      f = call(fn, config=cfg)
      err = float(_timing.rel_err(jax.jit(f)(*sets[0]), ref))
      t = _timing.time_fn(f, sets, iters=10)
      kern = sum(v for k, v in t.kernels.items() if "mosaic" in k)
      records.append(dict(row=row, variant=label, round=rnd, us=t.us, kernel_us=kern, err=err,
                          stubbed=stubbed, kernels=t.kernels))
      print(f"r{rnd} {row:24s} {label:12s} {t.us:8.1f} us kernel {kern:8.1f} err {err:.1e}"
            + (" (stubbed)" if stubbed else ""), flush=True)
      json.dump(records, open(f"{out}/sk_exchange.json", "w"), indent=1)
