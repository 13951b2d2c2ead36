"""Session 21: how short can a Mosaic GPU launch shaped like verify_burst's be? (CUPTI times)
python benchmarks/results/logs/extend_attention_session21/floor_probe.py OUT [--interpret]
Launches of 128 CTAs (verify_burst's 32 sequences x 4 KV heads), 3 warpgroups like the kernel:
  store    each CTA writes 64 x 256 bf16 rows from shared memory (an epilogue alone);
  load     + a producer TMA-loads 64 rows of K and of V (2 x 32 KB, verify_burst's prefix
           block) before the store (the bytes each CTA must read);
  chain    + the page index of that block read from global memory first (one dependent scalar
           load before the TMA, as the kernel's paged prefix needs);
  kernel   the public op on verify_burst (table config), for scale.
Floor of verify_burst (PEERS.md): 2.3 us; the issue's bar: 2x that."""
import functools, json, sys
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from pallas_kernels import _mgpu

OUT = sys.argv[1]
INTERPRET = "--interpret" in sys.argv
CTAS, ROWS, D = (128, 64, 256) if not INTERPRET else (4, 64, 256)


def launch(mode):
  bf16 = jnp.bfloat16
  tr = _mgpu.swizzled(bf16)

  def entry(page_ref, k_ref, v_ref, out_ref):
    def scoped(k_smem, v_smem, o_smem, bar):
      cta, wg = lax.axis_index("cta"), lax.axis_index("wg")

      @pl.when(wg == 2)
      def _():
        if mode != "store":
          blk = page_ref[cta] if mode == "chain" else cta
          plgpu.copy_gmem_to_smem(k_ref.at[pl.ds(blk * ROWS, ROWS)], k_smem, bar.at[0])
          plgpu.copy_gmem_to_smem(v_ref.at[pl.ds(blk * ROWS, ROWS)], v_smem, bar.at[0])

      @pl.when(wg == 0)
      def _():
        if mode != "store":
          plgpu.barrier_wait(bar.at[0])
          o_smem[...] = k_smem[...] + v_smem[...]
        else:
          o_smem[...] = jnp.full((ROWS, D), 1.0, bf16)
        plgpu.commit_smem()
        plgpu.copy_smem_to_gmem(o_smem, out_ref.at[pl.ds(cta * ROWS, ROWS)])
        plgpu.wait_smem_to_gmem(0, wait_read_only=True)
    pl.run_scoped(scoped, plgpu.SMEM((ROWS, D), bf16, transforms=tr),
                  plgpu.SMEM((ROWS, D), bf16, transforms=tr),
                  plgpu.SMEM((ROWS, D), bf16, transforms=tr),
                  plgpu.Barrier(num_arrivals=2, num_barriers=1), collective_axes="wg")

  kw = {}
  if INTERPRET:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kw["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  mesh = plgpu.Mesh(grid=(CTAS,), grid_names=("cta",), num_threads=3, thread_name="wg")
  return jax.jit(pl.kernel(entry, out_type=jax.ShapeDtypeStruct((CTAS * ROWS, D), bf16),
                           mesh=mesh, **kw))


rng = np.random.default_rng(0)
page = jnp.asarray(rng.permutation(CTAS).astype(np.int32))
k = jnp.asarray(rng.standard_normal((CTAS * ROWS, D)), jnp.bfloat16)
v = jnp.asarray(rng.standard_normal((CTAS * ROWS, D)), jnp.bfloat16)
results = {}
for mode in ("store", "load", "chain"):
  out = launch(mode)(page, k, v)
  kk, vv = np.asarray(k, np.float32), np.asarray(v, np.float32)
  blk = np.asarray(page) if mode == "chain" else np.arange(CTAS)
  want = (np.ones((CTAS * ROWS, D), np.float32) if mode == "store" else
          (kk + vv).reshape(CTAS, ROWS, D)[blk].reshape(-1, D))
  err = float(np.abs(np.asarray(out, np.float32) - want).max())
  rec = dict(mode=mode, max_abs_err=err)
  if not INTERPRET:
    from jax.experimental.mosaic.gpu import profiler
    f = launch(mode)
    times = [sum(t for _, t in profiler.measure(f, aggregate=False)(page, k, v)[1]) * 1e3
             for _ in range(30)]
    rec.update(us_median=float(np.median(times)), us_p10=float(np.percentile(times, 10)))
  print(json.dumps(rec), flush=True)
  results[mode] = rec
if not INTERPRET:
  from benchmarks import _timing
  from jaxkern.shapes import ATTENTION_SHAPES
  import jaxkern
  s = {x.name: x for x in ATTENTION_SHAPES}["verify_burst"]
  args, max_ext = s.batch(page_size=16, dtype=jnp.bfloat16)
  f = jax.jit(functools.partial(jaxkern.extend_attention, max_extend_len=max_ext,
                                sliding_window=s.window))
  t = _timing.time_fn(f, [args], iters=30)
  results["kernel"] = dict(us=t.us, kernels=t.kernels)
  print(json.dumps(results["kernel"]), flush=True)
json.dump(results, open(f"{OUT}/floor_probe.json", "w"), indent=1)
