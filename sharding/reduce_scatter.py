"""Reduce-scatter inside shard_map, on its own.

`reduce_scatter(x, axis_name)` on every rank of the named mesh axis (or axes) returns this rank's
slice of the sum of x over the ranks: slice r of tp equal slices along `scatter_dimension`, where
r is the rank's index along the axis (the row-major combined index for several axes, as
`lax.axis_index` numbers them). It is XLA's `psum_scatter` (NCCL's reduce-scatter on GPUs), with
the checks a caller needs at trace time and an optional wider accumulation dtype.
"""

from __future__ import annotations

import math
from typing import Sequence

import jax.numpy as jnp
from jax import lax


def axis_size(axis_name: str | Sequence[str], op: str = "reduce_scatter") -> int:
  """Size of a shard_map axis (the product for several), or a ValueError naming an axis that is
  not bound here."""
  names = (axis_name,) if isinstance(axis_name, str) else tuple(axis_name)
  if not names:
    raise ValueError(f"{op}: axis_name must name at least one mesh axis")
  sizes = []
  for name in names:
    try:
      sizes.append(lax.axis_size(name))
    except NameError as e:
      raise ValueError(
          f"{op}: axis_name={name!r} is not a mesh axis bound here; call it inside shard_map "
          "over a mesh with that axis") from e
  return math.prod(sizes)


def reduce_scatter(x, axis_name: str | Sequence[str], *, scatter_dimension: int = 0,
                   accumulate_dtype=None):
  """Sum x over `axis_name` and keep this rank's 1/tp slice of `scatter_dimension`.

  x: this rank's partial array; its `scatter_dimension` must be divisible by tp (the axis size,
  or the product of the sizes of several axes). accumulate_dtype: the dtype the sum is taken in
  (e.g. float32 for bf16 partials: twice the bytes on the wire); default x.dtype, the bytes
  NCCL's reduce-scatter moves in the torch peer. The result has x's dtype.
  """
  axes = axis_name if isinstance(axis_name, str) else tuple(axis_name)
  tp = axis_size(axes)
  if x.ndim == 0:
    raise ValueError("reduce_scatter: x must have at least one dimension to scatter")
  if not -x.ndim <= scatter_dimension < x.ndim:
    raise ValueError(f"reduce_scatter: scatter_dimension={scatter_dimension} is out of range for "
                     f"x of shape {tuple(x.shape)}")
  dim = scatter_dimension % x.ndim
  if x.shape[dim] % tp:
    raise ValueError(f"reduce_scatter: x.shape[{dim}]={x.shape[dim]} (x is {tuple(x.shape)}) is "
                     f"not divisible by tp={tp} (axis {axis_name!r})")
  acc = jnp.dtype(accumulate_dtype or x.dtype)
  out = lax.psum_scatter(x.astype(acc), axes, scatter_dimension=dim, tiled=True)
  return out.astype(x.dtype)
