"""Mended in session 68 (run460 ran it so): the full barriers expected one arrival a step, while
a step with lhs makes two copies into the slot, each arriving; they now expect 1 + (lhs_rows > 0),
as the kernel's ring does (mosaic.py: one arrival per copy into a slot). Session 68's run459 ran
the first form (session 67's h200_next.sh): every variant with lhs failed to launch,
"unspecified launch failure".

Session 67 (written for the next device call): would TMA multicast of the lhs
within a cluster of 2 CTAs pay on issue 4's fp8 decode row (DS_G16_m64_gu/fp8)?

run453's ablations put about 8 µs of that kernel's 131 in its lhs loads: each of a group's 32
column tiles re-reads the group's ~64 rows of lhs at every K step (16 KB of weights and up to 16
KB of lhs per step). This probe extends session 65's streaming probe (`logs/session65/
stream_probe.py`, run as session 66's `stream_fp8.py`) with those lhs loads: every K step one
producer thread loads the weights' box (block_n rows x 128 bytes of K, K-major) and, with
`lhs_rows`, a box of lhs_rows rows of the group's lhs (fp8 [G * 64 + 64, K]: group g's rows from
g * 64, as DeepSeek's decode batch lays them out) into the same ring slot; nothing is computed.
With `cluster=2` the CTAs run in clusters of two on neighbouring column tiles of one group, and
the lhs box is multicast (`copy_gmem_to_smem(..., collective_axes="cluster")`): the ring's free
barriers are cluster barriers, a slot reused only once both CTAs' consumers released it.
Rate = the weights' bytes the boxes cover / CUPTI time, as in stream_fp8.py.

python -m benchmarks.results.logs.session67.stream_lhs OUT_JSON
python -m benchmarks.results.logs.session67.stream_lhs lower   (no GPU: each variant's CUDA
    export on CPU under the tests' abstract H200 mesh; PYTHONPATH with tests/)
"""
import dataclasses
import functools
import json
import sys

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu

G, N, K = 16, 4096, 7168
ROWS = G * 64 + 64      # the lhs: group g's rows from g * 64 (a last box reads 64 rows past)


@dataclasses.dataclass(frozen=True)
class Variant:
  block_n: int = 128
  stages: int = 5
  lhs_rows: int = 0      # lhs rows loaded per step (0: none)
  cluster: int = 1       # 2: clusters of 2 CTAs on neighbouring column tiles, lhs multicast

  @property
  def name(self):
    return f"n{self.block_n}/s{self.stages}/lhs{self.lhs_rows}/c{self.cluster}"


def stream(w, x, v: Variant, *, num_sms: int = 132):
  """Streams every [block_n, 128] box of w (K-major [G, N, K]) and, with v.lhs_rows, the
  group's lhs box per step; returns a dummy [C, 8]."""
  block_k = 128
  n_tiles, k_steps = N // v.block_n, K // block_k
  clusters = num_sms // v.cluster
  pairs = G * n_tiles // v.cluster            # units of a cluster: cluster-wide column tiles
  ring = [plgpu.SMEM((v.stages, v.block_n, block_k), w.dtype, transforms=_mgpu.swizzled(w.dtype))]
  if v.lhs_rows:
    ring.append(plgpu.SMEM((v.stages, v.lhs_rows, block_k), x.dtype,
                           transforms=_mgpu.swizzled(x.dtype)))
  free = (plgpu.ClusterBarrier(collective_axes=("cluster",), num_barriers=v.stages)
          if v.cluster > 1 else plgpu.Barrier(num_arrivals=1, num_barriers=v.stages))

  def body(w_ref, x_ref, out_ref):
    def scoped(*refs):
      *bufs, full, free = refs
      wg = lax.axis_index("wg")
      cl = lax.axis_index("cl")
      me = lax.axis_index("cluster") if v.cluster > 1 else 0
      mine = lax.div(pairs - cl + clusters - 1, clusters)

      @pl.when(wg == 1)
      def _producer():
        plgpu.set_max_registers(40, action="decrease")

        def unit(i, count):
          p = cl + i * clusters
          per_group = n_tiles // v.cluster
          g, nt = lax.div(p, per_group), lax.rem(p, per_group) * v.cluster + me

          def step(kk, count):
            slot = _mgpu.producer_slot(count, free, v.stages)
            ks = pl.ds(kk * block_k, block_k)
            plgpu.copy_gmem_to_smem(w_ref.at[g, pl.ds(nt * v.block_n, v.block_n), ks],
                                    bufs[0].at[slot], full.at[slot])
            if v.lhs_rows:
              src = x_ref.at[pl.ds(g * 64, v.lhs_rows), ks]
              if v.cluster > 1:
                plgpu.copy_gmem_to_smem(src, bufs[1].at[slot], full.at[slot],
                                        collective_axes="cluster")
              else:
                plgpu.copy_gmem_to_smem(src, bufs[1].at[slot], full.at[slot])
            return count + 1
          return lax.fori_loop(0, k_steps, step, count)
        _mgpu.producer_drain(lax.fori_loop(0, mine, unit, jnp.int32(0)), free, v.stages)

      @pl.when(wg == 0)
      def _consumer():    # waits for every fill and releases it at once
        _mgpu.pass_slots(mine * k_steps, jnp.int32(0), full, free, v.stages)

    full = plgpu.Barrier(num_arrivals=1 + bool(v.lhs_rows), num_barriers=v.stages)
    pl.run_scoped(scoped, *ring, full, free,
                  collective_axes="wg")

  kw = dict(cluster=(v.cluster,), cluster_names=("cluster",)) if v.cluster > 1 else {}
  return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((num_sms, 8), jnp.float32),
                      grid=(clusters,), grid_names=("cl",), num_threads=2, thread_name="wg",
                      **kw)(w, x)


VARIANTS = [
    Variant(),                                   # the weights alone (stream_fp8.py's 107.1 us)
    Variant(lhs_rows=128),                       # + the table's 128-row lhs box per step
    Variant(lhs_rows=64),                        # + a half tile's 64-row box
    Variant(cluster=2),                          # clusters of 2, the weights alone
    Variant(lhs_rows=128, cluster=2),            # + the lhs box multicast to both CTAs
    Variant(lhs_rows=64, cluster=2),
    Variant(lhs_rows=128, stages=6),
    Variant(lhs_rows=128, cluster=2, stages=6),
]


def main(out_path):
  from benchmarks import _timing     # here: CPU lowering checks import this module without it
  key = jax.random.key(0)
  w = jax.random.normal(key, (G, N, K), jnp.float32).astype(jnp.float8_e4m3fn)
  x = jax.random.normal(key, (ROWS, K), jnp.float32).astype(jnp.float8_e4m3fn)
  results = []
  for v in VARIANTS:
    try:
      t = _timing.time_fn(jax.jit(functools.partial(stream, v=v)), [(w, x)], iters=10)
    except Exception as e:  # a variant that does not fit or lower: say so, go on
      print(f"ds_gu_fp8 {v.name} failed: {str(e)[:200]}", flush=True)
      results.append(dict(variant=v.name, error=str(e)[:500]))
      continue
    moved = G * (N // v.block_n * v.block_n) * K
    print(f"ds_gu_fp8 {v.name:24s} {t.us:8.1f} us {moved / t.us / 1e6:5.2f} TB/s", flush=True)
    results.append(dict(variant=v.name, us=t.us, p10=t.p10, p90=t.p90, bytes=moved,
                        tbps=moved / t.us / 1e6))
  with open(out_path, "w") as f:
    json.dump(dict(note=__doc__, records=results), f, indent=1)


def lower():
  import _testing    # tests/: the abstract H200 mesh the lowering tests use
  S = jax.ShapeDtypeStruct
  args = S((G, N, K), jnp.float8_e4m3fn), S((ROWS, K), jnp.float8_e4m3fn)
  for v in VARIANTS:
    try:
      with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
        jax.export.export(jax.jit(functools.partial(stream, v=v)), platforms=["cuda"])(*args)
      print(f"{v.name}: ok", flush=True)
    except Exception as e:  # noqa: BLE001  (the message is the result)
      print(f"{v.name}: FAIL {str(e).splitlines()[0][:200]}", flush=True)


if __name__ == "__main__":
  lower() if sys.argv[1] == "lower" else main(sys.argv[1])
