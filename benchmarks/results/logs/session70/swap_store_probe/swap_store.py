"""Session 70 probe (CPU only, nothing runs on a GPU): does a swapped-operand fp8 wgmma (a
64-row weight tile on wgmma's M side, T tokens on its N side, both K-major) lower with its
float32 accumulator [n, token] stored transposed into a swizzled shared-memory tile [token, n]
and sent by TMA as out[token, n]? Issue 4's fp8 decode row (DS_G16_m64_gu/fp8) re-reads each
group's lhs rows once per 128-column weight tile; with the weights on M a unit could take 256
weight rows and the group's tokens at a granularity of 8, halving those re-reads (session 67's
ablations put them at ~7-8 us of its ~129). The CUDA export under an abstract H200 mesh
runs the Mosaic GPU lowering on CPU (not ptxas, and no timing).
  python3 swap_store.py T VARIANT [interpret]     # from this folder; T tokens (multiple of 8)
VARIANT: transposed_ref (the accumulator stored into a transposed view of the tile),
layout_cast (first cast to Layout.WGMMA_TRANSPOSED), jnp_T (a jnp transpose in registers).
swap_store.log has what jax 0.10.2 and 0.11.2 (session 66's /tmp/v011 venv) did."""
import sys
import jax, jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
import pathlib
_ROOT = pathlib.Path(__file__).resolve().parents[5]       # the repository
sys.path[:0] = [str(_ROOT), str(_ROOT / "tests")]
from _testing import H200_MESH

N, T, K = 64, int(sys.argv[1]) if len(sys.argv) > 1 else 64, 128
VARIANT = sys.argv[2] if len(sys.argv) > 2 else "transposed_ref"
INTERPRET = len(sys.argv) > 3 and sys.argv[3] == "interpret"
dt = jnp.float8_e4m3fn
swz = plgpu.SwizzleTransform(128)

def kernel(w_ref, x_ref, o_ref, w_smem, x_smem, o_smem, bar):
  plgpu.copy_gmem_to_smem(w_ref, w_smem, bar.at[0])
  plgpu.copy_gmem_to_smem(x_ref, x_smem, bar.at[0])
  plgpu.barrier_wait(bar.at[0])
  def scope(acc):
    plgpu.wgmma(acc, w_smem, plgpu.transpose_ref(x_smem, (1, 0)))
    return acc[...]
  r = pl.run_scoped(scope, plgpu.ACC((N, T), jnp.float32))          # [n, token]
  if VARIANT == "transposed_ref":
    plgpu.transpose_ref(o_smem, (1, 0))[...] = r.astype(jnp.bfloat16)
  elif VARIANT == "layout_cast":
    rt = plgpu.layout_cast(r.astype(jnp.bfloat16), plgpu.Layout.WGMMA_TRANSPOSED)
    plgpu.transpose_ref(o_smem, (1, 0))[...] = rt
  elif VARIANT == "jnp_T":
    o_smem[...] = r.astype(jnp.bfloat16).T
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_ref)
  plgpu.wait_smem_to_gmem(0)

def f(w, x):
  def entry(w_ref, x_ref, o_ref):
    pl.run_scoped(lambda *s: kernel(w_ref, x_ref, o_ref, *s),
                  plgpu.SMEM((N, K), dt, transforms=(plgpu.TilingTransform((8, 128)), swz)),
                  plgpu.SMEM((T, K), dt, transforms=(plgpu.TilingTransform((8, 128)), swz)),
                  plgpu.SMEM((T, N), jnp.bfloat16, transforms=(plgpu.TilingTransform((8, 64)), swz)),
                  plgpu.Barrier(num_arrivals=2, num_barriers=1), collective_axes="wg")
  mesh = plgpu.Mesh(grid=(1,), grid_names=("cta",), num_threads=1, thread_name="wg")
  kw = {}
  if INTERPRET:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kw["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  return pl.kernel(entry, out_type=jax.ShapeDtypeStruct((T, N), jnp.bfloat16), mesh=mesh,
                   **kw)(w, x)

S = jax.ShapeDtypeStruct
if INTERPRET:   # the product on random fp8 operands against float32 numpy
  import numpy as np
  rng = np.random.default_rng(0)
  w = jnp.asarray(rng.standard_normal((N, K)), dt)
  x = jnp.asarray(rng.standard_normal((T, K)), dt)
  with jax.sharding.use_abstract_mesh(H200_MESH):
    out = np.asarray(f(w, x), np.float32)
  ref = np.asarray(x, np.float32) @ np.asarray(w, np.float32).T
  print(VARIANT, T, "interpret rel err", np.linalg.norm(out - ref) / np.linalg.norm(ref))
  sys.exit(0)
with jax.sharding.use_abstract_mesh(H200_MESH):
  try:
    m = jax.export.export(jax.jit(f), platforms=["cuda"])(S((N, K), dt), S((T, K), dt)).mlir_module()
    print(VARIANT, T, "LOWERED", len(m))
  except Exception as e:
    print(VARIANT, T, "FAILED", type(e).__name__, str(e).splitlines()[0][:300])
