"""GEMM + reduce-scatter on 2/4/8-device CPU meshes vs float64 numpy."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import jaxkern
import sharding
from _testing import cpu_mesh, rel_err


@pytest.mark.parametrize("tp", [2, 4, 8])
@pytest.mark.parametrize("dtype", [jnp.float32, jnp.bfloat16])
@pytest.mark.parametrize("axis_type", ["Explicit", "Auto"])
def test_global_op(rng, tp, dtype, axis_type):
  mesh = jax.make_mesh((tp,), ("tp",), devices=jax.devices()[:tp],
                       axis_types=(getattr(jax.sharding.AxisType, axis_type),))
  a = jnp.asarray(rng.standard_normal((8 * tp, 32 * tp)), dtype)
  b = jnp.asarray(rng.standard_normal((32 * tp, 24)), dtype)
  y = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh)
  assert y.shape == (8 * tp, 24) and y.dtype == dtype
  assert y.sharding.is_equivalent_to(jax.sharding.NamedSharding(mesh, P("tp", None)), 2)
  want = np.asarray(a, np.float64) @ np.asarray(b, np.float64)
  assert rel_err(y, want) < (1e-5 if dtype == jnp.float32 else 2e-2)


def test_inside_shard_map_on_a_2d_mesh(rng):
  """The rows owned by rank r are rows [r*M/tp, (r+1)*M/tp) of the sum of partial products."""
  mesh = cpu_mesh((2, 4), ("dp", "tp"))
  a = rng.standard_normal((2, 16, 64)).astype(np.float32)   # per dp replica
  b = rng.standard_normal((64, 8)).astype(np.float32)

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("dp", None, "tp"), P("tp", None)),
                     out_specs=P("dp", "tp", None))
  def f(a, b):
    return sharding.gemm_reduce_scatter(a[0], b, axis_name="tp")[None]

  y = f(jnp.asarray(a), jnp.asarray(b))
  assert rel_err(y, np.einsum("dmk,kn->dmn", a, b)) < 1e-5


def test_bad_input():
  mesh = cpu_mesh((4,), ("tp",))
  S = jax.ShapeDtypeStruct
  call = lambda a, b, **kw: jax.eval_shape(
      functools.partial(jaxkern.gemm_reduce_scatter, mesh=mesh, **kw), a, b)
  with pytest.raises(ValueError, match=r"M=6 \(a.shape\[0\]\) is not divisible by tp=4"):
    call(S((6, 64), jnp.float32), S((64, 8), jnp.float32))
  with pytest.raises(ValueError, match="K must match"):
    call(S((8, 64), jnp.float32), S((32, 8), jnp.float32))
  with pytest.raises(ValueError, match="K=62 .* not divisible by tp=4"):
    call(S((8, 62), jnp.float32), S((62, 8), jnp.float32))
  with pytest.raises(ValueError, match="axis='model' is not an axis"):
    call(S((8, 64), jnp.float32), S((64, 8), jnp.float32), axis="model")
  with pytest.raises(ValueError, match="impl='ring' is not one of"):
    call(S((8, 64), jnp.float32), S((64, 8), jnp.float32), impl="ring")
  with pytest.raises(NotImplementedError, match="Mosaic GPU kernel"):   # CPU: no fused kernel
    call(S((8, 64), jnp.bfloat16), S((64, 8), jnp.bfloat16), impl="fused")


def test_bad_input_inside_shard_map():
  mesh = cpu_mesh((4,), ("tp",))

  def run(body, a, b):
    return jax.eval_shape(jax.shard_map(body, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)),
                                        out_specs=P("tp", None)), a, b)

  S = jax.ShapeDtypeStruct
  with pytest.raises(ValueError, match="axis_name='model' is not a mesh axis"):
    run(lambda a, b: sharding.gemm_reduce_scatter(a, b, axis_name="model"),
        S((8, 64), jnp.float32), S((64, 8), jnp.float32))
  with pytest.raises(ValueError, match="K shards differ"):
    run(lambda a, b: sharding.gemm_reduce_scatter(a, b[:8], axis_name="tp"),
        S((8, 64), jnp.float32), S((64, 8), jnp.float32))
  with pytest.raises(ValueError, match="M=6"):
    run(lambda a, b: sharding.gemm_reduce_scatter(a, b, axis_name="tp"),
        S((6, 64), jnp.float32), S((64, 8), jnp.float32))
