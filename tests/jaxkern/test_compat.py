"""jaxkern._compat's patches of the Mosaic GPU interpreter (CPU, interpret mode)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from jaxkern import _compat
from tests._testing import H200_MESH



def test_interpreter_threads_share_one_compiled_body_and_keep_their_own_index():
  # 2 CTAs x 3 warpgroups, each storing a row of its own index by TMA: one compile of the
  # thread body for all six threads (and for a second launch), each thread still its own.
  _compat.patch_mosaic_gpu_interpreter()
  from jax._src.pallas.mosaic.interpret import thread_map
  run = thread_map._run_jaxpr
  ctas, threads, width = 2, 3, 128

  def entry(seed_ref, out_ref):
    def scoped(smem):
      cta, wg = lax.axis_index("cta"), lax.axis_index("wg")
      smem.at[wg][...] = jnp.full((width,), seed_ref[0] + 10 * cta + wg, jnp.int32)
      plgpu.commit_smem()
      plgpu.copy_smem_to_gmem(smem.at[wg], out_ref.at[cta, wg])
      plgpu.wait_smem_to_gmem(0)
    pl.run_scoped(scoped, plgpu.SMEM((threads, width), jnp.int32), collective_axes="wg")

  mesh = plgpu.Mesh(grid=(ctas,), grid_names=("cta",), num_threads=threads, thread_name="wg")
  kernel = pl.kernel(entry, out_type=jax.ShapeDtypeStruct((ctas, threads, width), jnp.int32),
                     mesh=mesh, interpret=_compat.interpret_gpu_params(detect_races=True))
  before = run.compiles
  with jax.sharding.use_abstract_mesh(H200_MESH):
    f = jax.jit(kernel)
    outs = [np.asarray(f(jnp.array([s], jnp.int32))) for s in (100, 200)]
  assert run.compiles - before == 1
  for seed, out in zip((100, 200), outs):
    want = seed + 10 * np.arange(ctas)[:, None, None] + np.arange(threads)[None, :, None]
    np.testing.assert_array_equal(out, np.broadcast_to(want, out.shape))
