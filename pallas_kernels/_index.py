"""Index helpers shared by the kernels' XLA-side metadata."""

from __future__ import annotations

import jax.numpy as jnp

# Above this many (sorted entry, query) pairs a sort beats comparing all of them.
_COMPARE_ALL_LIMIT = 1 << 24


def searchsorted_right(sorted_values, queries):
  """`jnp.searchsorted(sorted_values, queries, side="right")` as int32, in one fused XLA kernel.

  jnp's default method ("scan") lowers to a while loop of about log2(n) steps with several tiny
  kernels per step; on a GPU those launches cost tens of microseconds, more than an attention
  kernel over a short batch. Metadata arrays here are small (sequences or groups x tiles), so
  comparing every pair is one kernel; very large ones fall back to a sort.
  """
  method = "compare_all" if sorted_values.size * queries.size <= _COMPARE_ALL_LIMIT else "sort"
  return jnp.searchsorted(sorted_values, queries, side="right", method=method).astype(jnp.int32)
