"""sharding.reduce_scatter on 2/4/8-device CPU meshes vs float64 numpy."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import sharding
from _testing import cpu_mesh, rel_err


def _run(mesh, in_spec, out_spec, fn, x):
  return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=(in_spec,), out_specs=out_spec))(x)


@pytest.mark.parametrize("tp", [2, 4, 8])
@pytest.mark.parametrize("dim", [0, 1, -1])
def test_sums_partials_and_keeps_this_ranks_slice(rng, tp, dim):
  # Rank r holds partial x[r]; it gets slice r of sum_r x[r] along `dim`.
  shape = (4 * tp, 3 * tp)
  x = rng.standard_normal((tp,) + shape).astype(np.float32)
  mesh = cpu_mesh((tp,), ("tp",))
  spec = P(None, "tp") if dim % 2 == 1 else P("tp", None)
  y = _run(mesh, P("tp"), spec,
           lambda x: sharding.reduce_scatter(x[0], "tp", scatter_dimension=dim), jnp.asarray(x))
  assert y.shape == shape and y.dtype == jnp.float32
  assert rel_err(y, x.astype(np.float64).sum(0)) < 1e-6


def test_bf16_partials_accumulated_in_float32():
  # 256 + seven 1s: summed in float32 and rounded once to bf16 the result is 264 (bf16 spacing 2
  # there); summed in bf16 one add at a time it stays 256. XLA on CPU already accumulates bf16
  # reductions wider, so here this pins the result and dtype; it bites where a reduce-scatter
  # accumulates in the operand dtype (NCCL's bf16 reduce-scatter).
  tp = 8
  x = np.ones((tp, 16, 64), np.float32)
  x[0] = 256.0
  mesh = cpu_mesh((tp,), ("tp",))
  y = _run(mesh, P("tp"), P("tp", None),
           lambda x: sharding.reduce_scatter(x[0], "tp", accumulate_dtype=jnp.float32),
           jnp.asarray(x, jnp.bfloat16))
  assert y.dtype == jnp.bfloat16 and y.shape == (16, 64)
  assert np.all(np.asarray(y, np.float32) == 264.0)


def test_several_axes_at_once(rng):
  # Over both axes of a 2 x 4 mesh: the slice index is the row-major (dp, tp) rank.
  mesh = cpu_mesh((2, 4), ("dp", "tp"))
  x = rng.standard_normal((8, 16, 5)).astype(np.float32)
  y = _run(mesh, P(("dp", "tp")), P(("dp", "tp"), None),
           lambda x: sharding.reduce_scatter(x[0], ("dp", "tp")), jnp.asarray(x))
  assert rel_err(y, x.astype(np.float64).sum(0)) < 1e-6


def test_bad_input_names_the_problem():
  mesh = cpu_mesh((4,), ("tp",))
  call = lambda fn, shape: jax.eval_shape(
      jax.shard_map(fn, mesh=mesh, in_specs=(P("tp"),), out_specs=P("tp")),
      jax.ShapeDtypeStruct(shape, jnp.float32))
  with pytest.raises(ValueError, match=r"x.shape\[0\]=6 .* not divisible by tp=4"):
    call(lambda x: sharding.reduce_scatter(x[0], "tp"), (4, 6, 8))
  with pytest.raises(ValueError, match="axis_name='model' is not a mesh axis"):
    call(lambda x: sharding.reduce_scatter(x[0], "model"), (4, 8, 8))
  with pytest.raises(ValueError, match="scatter_dimension=2 is out of range"):
    call(lambda x: sharding.reduce_scatter(x[0], "tp", scatter_dimension=2), (4, 8, 8))
