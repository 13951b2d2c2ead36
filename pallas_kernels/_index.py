"""Index helpers shared by the kernels' XLA-side metadata."""

from __future__ import annotations

import jax
import jax.numpy as jnp

# Above this many (sorted entry, query) pairs a sort beats comparing all of them.
COMPARE_ALL_LIMIT = 1 << 24


def searchsorted_right(sorted_values, queries):
  """`jnp.searchsorted(sorted_values, queries, side="right")` as int32, in one fused XLA kernel.

  jnp's default method ("scan") lowers to a while loop of about log2(n) steps with several tiny
  kernels per step; on a GPU those launches cost tens of microseconds, more than an attention
  kernel over a short batch. Metadata arrays here are small (sequences or groups x tiles), so
  comparing every pair is one kernel; very large ones fall back to a sort.
  """
  method = "compare_all" if sorted_values.size * queries.size <= COMPARE_ALL_LIMIT else "sort"
  return jnp.searchsorted(sorted_values, queries, side="right", method=method).astype(jnp.int32)


def prefix_sum(values):
  """`jnp.cumsum` of a small int32 vector (inclusive), as one reduction over every (i, j <= i)
  pair. XLA lowers cumsum to a reduce_window, which on the H200 ran as a 10 us kernel of its own
  on 16-17 group sizes (DS_G16 rows of benchmarks/results/h200/grouped_gemm.json, session 14);
  large vectors keep the cumsum."""
  values = values.astype(jnp.int32)
  size = values.shape[0]
  if size * size > COMPARE_ALL_LIMIT:
    return jnp.cumsum(values, dtype=jnp.int32)
  idx = jnp.arange(size, dtype=jnp.int32)
  return jnp.where(idx[None, :] <= idx[:, None], values[None, :], 0).sum(axis=1, dtype=jnp.int32)


def ragged_slots(counts, size: int, *, all_ends: bool = False):
  """Slots [0, size) dealt out in order to owners that take counts[i] >= 0 slots each: (owner,
  slot index within its owner, total slots used), int32; with all_ends, every owner's end (one
  past its last slot) in place of the total (the last end). Slots past the total belong to the
  last owner, at indices past its count (callers mask them with `slot < total`). One prefix
  sum and one search, no loop: the metadata of tiles per group, query blocks per sequence."""
  counts = counts.astype(jnp.int32)
  end = prefix_sum(counts)                          # one past each owner's last slot
  slot = jnp.arange(size, dtype=jnp.int32)
  owner = jnp.minimum(searchsorted_right(end, slot), counts.shape[0] - 1)
  return owner, slot - (end[owner] - counts[owner]), end if all_ends else end[-1]


def order_descending(values):
  """Indices of a small non-negative int32 vector from its largest value to its smallest (ties:
  lower index first), as int32: `jnp.argsort(-values, stable=True)`. Comparing every pair ranks
  them in one fusion and inverting the ranks takes another (~1 us each on the H200); XLA's sort
  was 4-8 us of small kernels for 64-512 values. Large vectors fall back to one sort of a
  distinct key."""
  size = values.shape[0]
  idx = jnp.arange(size, dtype=jnp.int32)
  cap = (2**31 - 1) // size - 1
  key = (cap - jnp.minimum(values, cap)) * size + idx             # distinct, ascending = wanted
  if size * size > COMPARE_ALL_LIMIT:
    return (jax.lax.sort(key) % size).astype(jnp.int32)
  rank = (key[None, :] < key[:, None]).sum(axis=1, dtype=jnp.int32)
  return jnp.where(rank[None, :] == idx[:, None], idx[None, :], 0).sum(axis=1, dtype=jnp.int32)
