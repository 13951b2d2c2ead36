"""Review of session 51: what the README's "a's pad cannot be dropped by reading a's rows in
pairs" rests on, on this machine's jax (CPU, no GPU run):
1. A swizzled TMA whose GMEM column offset is not a multiple of the 64-column tile lowers
   without an error (jax.export for cuda), static or dynamic offset.
2. Mosaic GPU's TileTransform splits a GMEM index into (index // tile, index % tile), so a box
   64 wide starting at in-tile offset 32 runs past its tile's last column.
3. Mosaic GPU's TileTransform has a rounding mode for GMEM shapes (Rounding.DOWN), and Pallas'
   to_gpu_transform builds it without one.
PYTHONPATH=. python3 benchmarks/results/logs/review_session51/tma_column_offset_probe.py"""
import inspect

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.experimental import pallas as pl

from pallas_kernels import _mgpu


def lowers(offset: int, dynamic: bool) -> str:
  def body(a_ref, o_ref, smem, bar):
    col = offset + lax.axis_index("cta") * 64 if dynamic else offset
    plgpu.copy_gmem_to_smem(a_ref.at[pl.ds(0, 64), pl.ds(col, 64)], smem, bar.at[0])
    plgpu.barrier_wait(bar.at[0])
    plgpu.copy_smem_to_gmem(smem, o_ref)
    plgpu.wait_smem_to_gmem(0)

  def entry(a_ref, o_ref):
    pl.run_scoped(lambda s, b: body(a_ref, o_ref, s, b),
                  plgpu.SMEM((64, 64), jnp.bfloat16, transforms=_mgpu.swizzled(jnp.bfloat16)),
                  plgpu.Barrier(num_arrivals=1, num_barriers=1))
  f = plgpu.kernel(entry, out_type=jax.ShapeDtypeStruct((64, 64), jnp.bfloat16), grid=(1,),
                   grid_names=("cta",))
  try:
    jax.export.export(jax.jit(f), platforms=["cuda"])(jax.ShapeDtypeStruct((64, 256), jnp.bfloat16))
    return "lowered"
  except Exception as e:   # noqa: BLE001 (the probe reports whatever lowering raises)
    return f"{type(e).__name__}: {e}"[:200]


if __name__ == "__main__":
  print("jax", jax.__version__)
  for offset, dynamic in ((64, False), (32, False), (32, True), (96, True)):
    print(f"column offset {offset}{' + 64 * cta' if dynamic else ''}: {lowers(offset, dynamic)}")
  from jax.experimental.mosaic.gpu import launch_context as lc
  from jax._src.pallas.mosaic_gpu import core as gpu_core
  print("TileTransform.transform_index:",
        " ".join(inspect.getsource(lc.TileTransform.transform_index).split())[:400])
  print("TileTransform fields:", [f.name for f in lc.TileTransform.__dataclass_fields__.values()])
  print("Pallas to_gpu_transform:", " ".join(inspect.getsource(gpu_core.to_gpu_transform).split()))
