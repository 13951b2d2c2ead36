"""Session 50 (issue 5): the fused kernel's GEMM core on ONE GPU, with its cross-device parts
patched out, so that it can be timed beside cuBLAS and hopper_matmul_mgpu (core_probe.py).

Patches (this process only): `plgpu.remote_ref(ref, ...)` -> ref; `pl.semaphore_signal(sem,
device_id=...)` -> a signal of the own semaphore (so the tp-fold signal counts still add up);
store mode "add" keeps the TMA reduce-add (into the own accumulator), "store" makes it a plain TMA
store (what a GEMM's epilogue does; the result is then only checked at tp = 1).
`tp` > 1 emulates a rank's blocking: the M rows in tp blocks of M/tp, visited block by block, all
added into one [M/tp, N] accumulator (checked against the sum of the reference's row blocks).
`order`: "blocks" (the kernel's: m tile fastest inside a block) or "snakeW" (inside a block,
bands of W m tiles, m fastest inside a band, the band's n order reversed every other band).
  python core_probe2.py OUT K[,K..] VARIANT[;VARIANT..]   VARIANT = tp/mode/order/config
  config: n256s4in or n256s4ind; a fifth field "nosem": no semaphores
"""
import functools
import json
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.sharding import PartitionSpec as P

sys.path.insert(0, ".")
from benchmarks import _timing                                        # noqa: E402
from pallas_kernels.gemm_rs import mosaic                             # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig           # noqa: E402

M = N = 8192
CONFIGS = {"n256s4in": GemmRsFusedConfig(num_stages=4, accumulate="input"),
           "n256s4ind": GemmRsFusedConfig(num_stages=4, accumulate="input", deferred=True)}
records = []
_real_unit_coords = mosaic.unit_coords


def record(**r):
  records.append(r)
  print(json.dumps(r), flush=True)
  with open(os.path.join(sys.argv[1], "core_probe2.json"), "w") as f:
    json.dump(records, f, indent=1)


class _Proxy:
  def __init__(self, real, **over):
    self._real, self._over = real, over

  def __getattr__(self, name):
    return self._over.get(name, getattr(self._real, name))


def snake(width):
  def coords(u, *, m_tiles, n_tiles):
    per_block = m_tiles * n_tiles
    step, r = u // per_block, u % per_block
    w = min(width, m_tiles)
    band_units = w * n_tiles
    band, inner = r // band_units, r % band_units
    # the last band may be narrower
    band_w = jnp.minimum(w, m_tiles - band * w)
    m = band * w + inner % band_w
    n_in = inner // band_w
    n = jnp.where(band % 2 == 0, n_in, n_tiles - 1 - n_in)
    return step, m, n
  return coords


def patch(mode, order, nosem=False):
  def copy_smem_to_gmem(src, dst, reduction_op=None, **kw):
    if mode == "store":
      if reduction_op is None:      # the zeroing: a plain store needs none
        return None
      return plgpu.copy_smem_to_gmem(src, dst, **kw)
    return plgpu.copy_smem_to_gmem(src, dst, reduction_op=reduction_op, **kw)
  mosaic.plgpu = _Proxy(plgpu, remote_ref=lambda ref, device_id: ref,
                        copy_smem_to_gmem=copy_smem_to_gmem)
  if nosem:   # no semaphore at all (the accumulator's zeroing is then unordered: "add" unchecked)
    mosaic.pl = _Proxy(pl, get_global=lambda *a, **k: None,
                       semaphore_signal=lambda *a, **k: None, semaphore_wait=lambda *a, **k: None)
  else:
    mosaic.pl = _Proxy(pl, semaphore_signal=lambda sem, device_id=None, **kw:
                       pl.semaphore_signal(sem, **kw))
  # the mesh axis' index lowers to a device-id query (NVSHMEM): one device, rank 0
  mosaic.lax = _Proxy(lax, axis_index=lambda name: jnp.int32(0) if name == "tp" else
                      lax.axis_index(name))
  mosaic.unit_coords = (_real_unit_coords if order == "blocks" else
                        snake(int(order.removeprefix("snake"))))


def ours(config, tp):
  mesh = jax.make_mesh((1,), ("tp",), devices=jax.devices()[:1])

  def fn(a, b):
    body = functools.partial(mosaic.gemm_reduce_scatter_fused, axis_name="tp", tp=tp,
                             config=config, num_sms=jax.devices()[0].core_count)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P()), out_specs=P(),
                         check_vma=False)(a, b)
  return fn


def sets_for(k):
  """Input sets of a [M, k] @ [k, N] (bf16), enough of them to rotate past the L2."""
  def draw(seed):
    ka, kb = jax.random.split(jax.random.key(seed))
    a = jax.random.normal(ka, (M, k), jnp.float32).astype(jnp.bfloat16)
    b = (jax.random.normal(kb, (k, N), jnp.float32) / np.sqrt(k)).astype(jnp.bfloat16)
    return a, b
  first = jax.jit(draw)(0)
  return [first] + [jax.jit(draw)(s) for s in range(1, _timing.rotations_for(first))]


def main():
  ks, variants = (int(k) for k in sys.argv[2].split(",")), sys.argv[3].split(";")
  print(jax.devices(), jax.__version__, flush=True)
  for k in ks:
    sets = sets_for(k)
    ref = jax.jit(lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32))(*sets[0])
    t = _timing.time_fn(lambda a, b: jnp.dot(a, b, preferred_element_type=a.dtype), sets,
                        iters=20)
    record(k=k, impl="cublas:bf16", us=round(t.us, 1), tflops=round(2 * M * N * k / t.us / 1e6, 1))
    for variant in variants:
      tp, mode, order, cfg, *flags = variant.split("/")
      tp = int(tp)
      patch(mode, order, nosem="nosem" in flags)
      fn = ours(CONFIGS[cfg], tp)
      try:
        jax.clear_caches()
        out = jax.jit(fn)(*sets[0]).astype(jnp.float32)
        want = ref.reshape(tp, M // tp, N).sum(0)
        err = float(jnp.linalg.norm(out - want) / jnp.linalg.norm(want))
        t = _timing.time_fn(fn, sets, iters=20)
      except Exception as e:  # noqa: BLE001
        record(k=k, impl=variant, error=f"{type(e).__name__}: {e}"[:400])
        continue
      record(k=k, impl=variant, us=round(t.us, 1), p10=round(t.p10, 1), p90=round(t.p90, 1),
             tflops=round(2 * M * N * k / t.us / 1e6, 1), err=err,
             kernels={n[:40]: round(v, 1) for n, v in (t.kernels or {}).items()})


if __name__ == "__main__":
  main()
