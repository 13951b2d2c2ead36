"""Session 50 (issue 5): what the fused kernel pays on several GPUs beyond its one-GPU core.

core_probe2.py timed the kernel's GEMM core on one H100 with its cross-device parts patched out
(tp = 4 blocking, local adds: 1287-1305 us at K/tp = 7424), while on 4 H100s the kernel with no
stores at all took 1434.8 us CUPTI (session 49's run351). Variants of the fused kernel through the
public op (`_timing.time_chained`: wall, CUPTI, span), patched in this process only:
  shipped: as is;
  snake8:  units inside a row block in bands of 8 m tiles (m fastest in a band, n snaking);
  indep:   every rank alone (pushes become adds into its own accumulator, semaphores signal only
           the own rank): the same kernel with no cross-GPU dependence (result wrong: unchecked);
  nowait1: the start barrier (everyone's accumulator zeroed) not waited for (result unchecked);
  nowait2: the end barrier (every add into ours landed) not waited for (result unchecked);
  spaceS:  a deferred unit's 64-column pushes issued every S K steps of the next unit (shipped:
           `_mgpu.FLUSH_SPACING` = 2, so all of a unit's pushes go out in its successor's first
           ~8 steps, on every CTA at once); S = K steps / chunks spreads them over the unit.
  python ablate_sync.py OUT SHAPE TP VARIANTS [CONFIG]   e.g. 8192,8192,29568 4 shipped,indep
Run on the kernel of ae552d1 (before the spread; runs 356-357). On later code "spaceS" changes
nothing: the kernel's spacing is `_mgpu.spread_spacing`, which reads FLUSH_SPACING from `_mgpu`
itself, not through this script's proxy of `mosaic._mgpu`.
"""
import json
import os
import sys

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

sys.path.insert(0, ".")
sys.path.insert(0, os.path.dirname(__file__))
import jaxkern                                                        # noqa: E402
from benchmarks import _timing                                        # noqa: E402
from benchmarks.gemm_reduce_scatter import problem                    # noqa: E402
from jaxkern.shapes import GemmRsShape                                # noqa: E402
from pallas_kernels.gemm_rs import mosaic                             # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig           # noqa: E402
from core_probe2 import _Proxy, snake                                 # noqa: E402

OUT, SHAPE, TP = sys.argv[1], GemmRsShape(*map(int, sys.argv[2].split(","))), int(sys.argv[3])
VARIANTS = sys.argv[4].split(",")
CONFIG = GemmRsFusedConfig(num_stages=4, accumulate="input",
                           deferred=(sys.argv[5] if len(sys.argv) > 5 else "d") == "d")
_REAL = dict(pl=mosaic.pl, plgpu=mosaic.plgpu, unit_coords=mosaic.unit_coords, _mgpu=mosaic._mgpu)


def patch(variant):
  for k, v in _REAL.items():
    setattr(mosaic, k, v)
  if variant.startswith("space"):
    mosaic._mgpu = _Proxy(_REAL["_mgpu"], FLUSH_SPACING=int(variant.removeprefix("space")))
  elif variant == "snake8":
    mosaic.unit_coords = snake(8)
  elif variant == "indep":
    mosaic.plgpu = _Proxy(plgpu, remote_ref=lambda ref, device_id: ref)
    mosaic.pl = _Proxy(pl, semaphore_signal=lambda sem, device_id=None, **kw:
                       pl.semaphore_signal(sem, **kw))
  elif variant in ("nowait1", "nowait2"):
    first = 2 * 132 * TP   # signals per phase (132 CTAs on an H100 / H200 ... checked below)

    def semaphore_wait(sem, value, **kw):
      if (variant == "nowait1") == (value == first):
        return None
      return pl.semaphore_wait(sem, value, **kw)
    mosaic.pl = _Proxy(pl, semaphore_wait=semaphore_wait)


def main():
  assert jax.devices()[0].core_count == 132, jax.devices()[0].core_count
  print(jax.devices(), flush=True)
  mesh, sets, ref = problem(SHAPE, TP)
  fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")
  records = []
  for variant in VARIANTS:
    patch(variant)
    with jaxkern.policy(gemm_reduce_scatter=CONFIG):
      jax.clear_caches()
      t = _timing.time_chained(fn, sets, iters=10, num_devices=TP)
    err = float(jnp.linalg.norm((t.first.astype(jnp.float32) - ref).ravel())
                / jnp.linalg.norm(ref.ravel()))
    rec = dict(shape=SHAPE.name, tp=TP, config=CONFIG.name, variant=variant,
               wall=round(t.wall.us, 1), cupti=round(t.cupti.us, 1),
               span=round(t.span.us, 1) if t.span else None,
               busy=[round(b, 1) for b in t.busy] if t.busy else None, err=err,
               checked=variant in ("shipped", "snake8") or variant.startswith("space"),
               kernels={k[:30]: round(v, 1) for k, v in (t.cupti.kernels or {}).items()})
    print(json.dumps(rec), flush=True)
    records.append(rec)
    with open(os.path.join(OUT, f"ablate_sync_{SHAPE.name}_tp{TP}.json"), "w") as f:
      json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
