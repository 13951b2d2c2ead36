import jax, jax.numpy as jnp, sys
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jaxkern import _compat
from pallas_kernels import _mgpu
mode = sys.argv[1]
interp = mode == "interp"
N = 8

def f(x):
  sig = jax.new_ref(jnp.zeros((N,), jnp.int32), memory_space=plgpu.GMEM)
  polls = jax.new_ref(jnp.zeros((N,), jnp.int32), memory_space=plgpu.GMEM)
  def body(x_ref, o_ref, snap_ref):
    i = lax.axis_index("cta")
    @pl.when(i < N)
    def _():
      o_ref[pl.ds(i * 128, 128)] = x_ref[pl.ds(i * 128, 128)] * 2.0
      plgpu.wait_smem_to_gmem(0, wait_read_only=False)
      _mgpu.signal_release(sig.at[pl.ds(i, 1)], interpret=interp)
    @pl.when(i == N)
    def _():
      def each(b, c):
        _mgpu.signal_wait(sig.at[pl.ds(b, 1)], 1, interpret=interp, polls=polls.at[pl.ds(b, 1)])
        snap_ref[pl.ds(b * 128, 128)] = o_ref[pl.ds(b * 128, 128)]
        return c
      lax.fori_loop(0, N, each, None)
  kw = {}
  if interp:
    _compat.patch_mosaic_gpu_interpreter()
    kw["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  out, snap = pl.kernel(body, out_type=(jax.ShapeDtypeStruct((N * 128,), jnp.float32),) * 2,
                  mesh=plgpu.Mesh(grid=(N + 1,), grid_names=("cta",)), **kw)(x)
  return out, snap, sig[...], polls[...]
x = jnp.arange(N * 128, dtype=jnp.float32)
if interp:
  mesh = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
  with jax.sharding.use_abstract_mesh(mesh):
    out, snap, sig, polls = jax.jit(f)(x)
elif mode == "lower":
  exp = jax.export.export(jax.jit(f), platforms=["cuda"])(x)
  print("lowered ok", len(exp.mlir_module())); sys.exit()
else:
  out, snap, sig, polls = jax.jit(f)(x)
print("equal", bool((out == snap).all()), "sig", sig, "polls", polls)
