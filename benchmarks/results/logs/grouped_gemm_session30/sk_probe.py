"""Session 30: why stream-K builds run slow. Times DS_G1_m1024_gu/masked on 128 x 256 group tiles
(column pieces), with stream_k, and with stream_k whose partial exchange is cut down by stubs
(outputs NOT checked for the stubbed variants: they are wrong by design), one process; run with
MOSAIC_GPU_DUMP_PTXAS=1 to see each build's ptxas report.
python benchmarks/results/logs/grouped_gemm_session30/sk_probe.py OUT variant,... [rounds]
(run199 ran it without jax.clear_caches(): its stubbed variants reused the first stream-K build.)"""
import json, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
import jax, jax.numpy as jnp
from ab_case import case, config_runner
from benchmarks import _timing
from pallas_kernels import _mgpu
from pallas_kernels.grouped_gemm import mosaic

G = dict(tiles="groups", block_m=128, block_n=256, split="m", num_stages=4, band=8)
REAL = (_mgpu.store_fragment, _mgpu.ticket, _mgpu.add_fragment)
STUBS = {"store": lambda tile, ref, *, interpret: None,
         "ticket": lambda counter, word, *, interpret: jnp.int32(0),
         "add": lambda tile, ref, *, interpret: tile}


def prepare(label):
  """'g256' (column pieces), 'sk' (stream-K), 'sk-store-ticket' (stream-K with those helpers
  stubbed: no partial stores, no tickets)."""
  jax.clear_caches()     # the kernel's jit would otherwise reuse the first stream-K build
  _mgpu.store_fragment, _mgpu.ticket, _mgpu.add_fragment = REAL
  name, *stubs = label.split("-")
  for s in stubs:
    setattr(_mgpu, {"store": "store_fragment", "ticket": "ticket", "add": "add_fragment"}[s],
            STUBS[s])
  return config_runner(mosaic, dict(G, stream_k=name == "sk"))


out, labels = sys.argv[1:3]
sets, call, ref, cfg, flops = case("DS_G1_m1024_gu/masked")
records = []
for rnd in range(int(sys.argv[3]) if len(sys.argv) > 3 else 2):
  for label in labels.split(","):
    fn = call(prepare(label), config=cfg)
    err = float(_timing.rel_err(jax.jit(fn)(*sets[0]), ref))
    t = _timing.time_fn(fn, sets, iters=10)
    records.append(dict(variant=label, round=rnd, us=t.us, err=err, kernels=t.kernels))
    print(f"r{rnd} {label:20s} {t.us:8.1f} us err {err:.1e}", flush=True)
json.dump(records, open(f"{out}/sk_probe.json", "w"), indent=1)
