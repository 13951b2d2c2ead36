"""Session 46: how fast can a persistent TMA ring stream DS_G16_m64_gu/fp8's weights?

DS_G16_m64_gu/fp8 (16 experts x 64 rows, N 4096, K 7168, weights fp8 K-major [G, N, K]) runs
at 3.72 TB/s of minimum bytes against the bf16 row's 4.2: deeper rings, back-to-back K steps,
fewer output buffers and less tensor-core work did not move it (sessions 43-45). This probe takes
the GEMM away: 128 x 128 units (16 x 32 = 512), K steps of 128 (56 a unit), the same ring
(`_mgpu.producer_slot`: a producer warpgroup fills `stages` slots by TMA; a consumer warpgroup
waits for each fill and releases it at once). Each CTA stores the last slot it received, which
is checked against the weights. Modes (`layout[+lhs]`):
  nk      the kernel's weight box: 128 rows of N x 128 bytes of K from [G, N, K] (each row's
          128 bytes 7168 bytes from the next);
  tiled   the same bytes pre-tiled, [G, N/128, K/128, 128, 128]: each step's box one contiguous
          16 KB;
  +lhs    also the group tile's lhs box each step (128 rows x 128 bytes of [1024, 7168] from
          row min(64 g, 896)), as the kernel loads it (from L2 mostly);
  xla_sum XLA summing the weights (the same 470 MB), for scale;
  kernel  the grouped GEMM kernel itself on DS_G16_m64_gu/fp8 (its table config, checked), same
          process (`grouped_gemm_session20/ab_case.py`).
Units are dealt round robin over `ctas` CTAs (132: 116 CTAs take 4 units, 16 take 3; 128: 4 each).
python stream_probe.py OUT [--interpret]"""
import json, sys
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from pallas_kernels import _mgpu

OUT = sys.argv[1]
INTERPRET = "--interpret" in sys.argv
G, N, K, M = (16, 4096, 7168, 1024) if not INTERPRET else (2, 256, 384, 128)
GROUP_ROWS = M // G
B = 128
F8 = jnp.float8_e4m3fn


def launch(layout, lhs, stages, ctas):
  nb, kb = N // B, K // B
  units = G * nb
  tr = _mgpu.swizzled(F8)

  def entry(w_ref, x_ref, out_ref):
    def scoped(w_smem, x_smem, full, free):
      cta, wg = lax.axis_index("cta"), lax.axis_index("wg")
      mine = (units - cta + ctas - 1) // ctas
      total = mine * kb

      def where(i):
        u = cta + (i // kb) * ctas
        return u // nb, u % nb, i % kb

      @pl.when(wg == 1)
      def _():
        def fill(i, carry):
          g, n, k = where(i)
          slot = _mgpu.producer_slot(i, free, stages)
          if layout == "nk":
            src = w_ref.at[pl.ds(g * N + n * B, B), pl.ds(k * B, B)]
          else:
            src = w_ref.at[pl.ds(((g * nb + n) * kb + k) * B, B)]
          plgpu.copy_gmem_to_smem(src, w_smem.at[slot], full.at[slot])
          if lhs:
            row0 = jnp.minimum(g * GROUP_ROWS, M - B)
            plgpu.copy_gmem_to_smem(x_ref.at[pl.ds(row0, B), pl.ds(k * B, B)], x_smem.at[slot],
                                    full.at[slot])
          return carry
        lax.fori_loop(0, total, fill, 0)
        _mgpu.producer_drain(total, free, stages)

      @pl.when(wg == 0)
      def _():
        count = _mgpu.pass_slots(total - 1, 0, full, free, stages)
        slot = lax.rem(count, stages)
        plgpu.barrier_wait(full.at[slot])
        plgpu.copy_smem_to_gmem(w_smem.at[slot], out_ref.at[pl.ds(cta * B, B)])
        plgpu.wait_smem_to_gmem(0)
        plgpu.barrier_arrive(free.at[slot])

    pl.run_scoped(scoped, plgpu.SMEM((stages, B, B), F8, transforms=tr),
                  plgpu.SMEM((stages if lhs else 1, B, B), F8, transforms=tr),
                  plgpu.Barrier(num_arrivals=1 + lhs, num_barriers=stages),
                  plgpu.Barrier(num_arrivals=1, num_barriers=stages), collective_axes="wg")

  kw = {}
  if INTERPRET:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kw["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  mesh = plgpu.Mesh(grid=(ctas,), grid_names=("cta",), num_threads=2, thread_name="wg")
  return pl.kernel(entry, out_type=jax.ShapeDtypeStruct((ctas * B, B), F8), mesh=mesh, **kw)


def expected(w_nk, ctas):
  """[ctas * 128, 128] bytes: each CTA's last box (its last unit's last K step)."""
  nb, kb = N // B, K // B
  units = G * nb
  rows = []
  for c in range(ctas):
    u = c + ((units - c + ctas - 1) // ctas - 1) * ctas
    g, n = u // nb, u % nb
    rows.append(w_nk[g, n * B:(n + 1) * B, (kb - 1) * B:])
  return np.concatenate(rows)


rng = np.random.default_rng(0)
w = jnp.asarray(rng.standard_normal((G, N, K), np.float32), F8)
x = jnp.asarray(rng.standard_normal((M, K), np.float32), F8)
w_u8 = np.asarray(w.view(jnp.uint8))
views = {"nk": w.reshape(G * N, K),
         "tiled": w.reshape(G, N // B, B, K // B, B).transpose(0, 1, 3, 2, 4).reshape(-1, B)}
weight_bytes = G * N * K
results = []
cases = [(lay, lhs, st, c) for lay in ("nk", "tiled") for lhs in (False, True)
         for st in ((5, 6) if lhs else (5, 10)) for c in (132, 128)]
if INTERPRET:
  cases = [(lay, lhs, 2, 3) for lay in ("nk", "tiled") for lhs in (False, True)]
for lay, lhs, st, c in cases:
  f = launch(lay, lhs, st, c)
  out = jax.jit(f)(views[lay], x)
  want = expected(w_u8, c)
  ok = bool(np.array_equal(np.asarray(out.view(jnp.uint8)), want))
  rec = dict(mode=lay + ("+lhs" if lhs else ""), stages=st, ctas=c, match=ok)
  if not INTERPRET:
    from benchmarks import _timing
    t = _timing.time_fn(f, [(views[lay], x)], iters=20)
    rec.update(us=t.us, p10=t.p10, p90=t.p90, weight_tb_s=weight_bytes / t.us / 1e6)
  print(json.dumps(rec), flush=True)
  results.append(rec)
if not INTERPRET:
  from benchmarks import _timing
  f = lambda w, x: w.astype(jnp.float32).sum(axis=(0, 1))
  t = _timing.time_fn(f, [(w, x)], iters=20)
  rec = dict(mode="xla_sum", us=t.us, p10=t.p10, p90=t.p90, weight_tb_s=weight_bytes / t.us / 1e6)
  print(json.dumps(rec), flush=True)
  results.append(rec)
  sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
  import ab_case, jaxkern
  sets, call, ref, cfg, flops = ab_case.case("DS_G16_m64_gu/fp8")
  rec = ab_case.timed(dict(mode="kernel", config=str(cfg)), call(jaxkern.grouped_gemm), ref, sets,
                      flops, "kernel")
  rec["weight_tb_s"] = weight_bytes / rec["kernel_us"] / 1e6
  print(json.dumps({k: v for k, v in rec.items() if k != "kernels"}), flush=True)
  results.append(rec)
json.dump(results, open(f"{OUT}/stream_probe.json", "w"), indent=1)
