"""jaxkern.gemm_reduce_scatter: the global-array form over a mesh axis."""

from __future__ import annotations

import functools

import jax
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P

import sharding
from jaxkern import _compat
from jaxkern.ops import _validate as V
from jaxkern.rules import gemm_reduce_scatter as _rule  # noqa: F401  (installs the chooser)

_OP = "gemm_reduce_scatter"


def _place(x, mesh: Mesh, spec: P):
  """Shard x as the K-split GEMM needs, for meshes with Explicit or Auto axes alike."""
  if any(t == AxisType.Explicit for t in mesh.axis_types):
    return jax.sharding.reshard(x, NamedSharding(mesh, spec))
  return jax.lax.with_sharding_constraint(x, NamedSharding(mesh, spec))


@functools.partial(jax.jit, static_argnames=("mesh", "axis", "impl"))
def gemm_reduce_scatter(a, b, *, mesh: Mesh, axis: str = "tp", impl: str | None = None):
  """y = a @ b for global a [M, K], b [K, N], computed as a K-split GEMM over mesh axis `axis`
  (rank r holds a[:, r-th K shard] and b[r-th K shard]) and reduce-scattered: y [M, N] comes back
  sharded by rows over `axis`. The cost model picks the impl (see jaxkern.explain)."""
  if axis not in mesh.axis_names:
    raise ValueError(f"{_OP}: axis={axis!r} is not an axis of the mesh {dict(mesh.shape)}")
  tp = mesh.shape[axis]
  V.rank(_OP, "a", a, 2, "[M, K]")
  V.rank(_OP, "b", b, 2, "[K, N]")
  if a.shape[1] != b.shape[0]:
    raise ValueError(f"{_OP}: a is {V.describe(a)} and b is {V.describe(b)}: K must match")
  if a.shape[1] % tp:
    raise ValueError(f"{_OP}: K={a.shape[1]} (a.shape[1]) is not divisible by tp={tp} (mesh axis "
                     f"{axis!r})")
  if a.shape[0] % tp:
    raise ValueError(f"{_OP}: M={a.shape[0]} (a.shape[0]) is not divisible by tp={tp} (mesh axis "
                     f"{axis!r})")
  a = _place(a, mesh, P(None, axis))
  b = _place(b, mesh, P(axis, None))
  body = functools.partial(sharding.gemm_reduce_scatter, axis_name=axis, impl=impl)
  return _compat.shard_map(body, mesh=mesh, in_specs=(P(None, axis), P(axis, None)),
                           out_specs=P(axis, None))(a, b)
