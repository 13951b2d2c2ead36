"""Pieces shared by the Mosaic GPU kernels (extend attention, grouped GEMM, fused GEMM +
reduce-scatter): the shared-memory limit, the swizzled shared-memory layout wgmma and TMA use,
the operand ring of the warp-specialized kernels, and the GEMMs' chunked epilogue stores.

The ring: one producer warpgroup fills `stages` slots with TMA copies that arrive on
`full[slot]`; the consumer warpgroups release a slot on `free[slot]` once the wgmma that read it
is done. `count` numbers the fills of the ring across the whole kernel.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


SWIZZLE = 128   # bytes: one swizzle row
EPI_COLS = 64   # columns per epilogue store (one swizzle row of bf16)
SMEM_SLACK = 1024   # bytes a kernel's smem budget keeps for barriers and alignment


def smem_limit() -> int:
  """Bytes of shared memory one CTA may opt into on the Mosaic GPU target: the current device's
  (DeviceSpec) when it runs Mosaic GPU, else Hopper's, which every kernel here compiles for."""
  from jaxkern.device import DeviceSpec   # lazily: jaxkern's package imports the kernels
  spec = DeviceSpec.current()
  return (spec if spec.has_mosaic_gpu else DeviceSpec.for_kind("NVIDIA H200")).smem_per_block


def smem_reason(nbytes: int, detail: str = "") -> str | None:
  """Why a kernel allocating `nbytes` of shared memory cannot run (None when it fits)."""
  limit = smem_limit()
  if nbytes <= limit:
    return None
  return f"{nbytes} bytes of shared memory{detail} (limit {limit})"


def swizzled(dtype) -> tuple:
  """SMEM transforms of wgmma / TMA operands: (8, one swizzle row) tiles, 128-byte swizzle."""
  return (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(dtype).itemsize)),
          plgpu.SwizzleTransform(SWIZZLE))


def producer_slot(count, free, stages: int):
  """The slot of fill `count`, after waiting until the consumers have released its last use."""
  slot = lax.rem(count, stages)

  @pl.when(count >= stages)
  def _():
    plgpu.barrier_wait(free.at[slot])
  return slot


def producer_drain(total, free, stages: int) -> None:
  """Wait for the releases of the last fills, so every barrier phase is observed."""
  for i in range(stages):
    last = total - stages + i

    @pl.when(last >= 0)
    def _():
      plgpu.barrier_wait(free.at[lax.rem(last, stages)])


def consume(k_steps, count, full, free, stages: int, mma):
  """k_steps fills from `count` on: wait for each, mma(slot) (issues this step's wgmmas), keep
  one step in flight and release the slot of the step before; returns the next count."""
  def step(kk, count):
    slot = lax.rem(count, stages)
    plgpu.barrier_wait(full.at[slot])
    mma(slot)
    plgpu.wgmma_wait(1)                     # the previous step's wgmmas are done

    @pl.when(kk > 0)
    def _():
      plgpu.barrier_arrive(free.at[lax.rem(count - 1, stages)])
    return count + 1
  end = lax.fori_loop(0, k_steps, step, count)
  plgpu.wgmma_wait(0)

  @pl.when(k_steps > 0)
  def _():
    plgpu.barrier_arrive(free.at[lax.rem(end - 1, stages)])
  return end


def gemm_smem_bytes(*, block_m: int, block_n: int, block_k: int, num_stages: int, itemsize: int,
                    epi_rows: int, epi_itemsize: int, consumers: int = 2) -> int:
  """Shared memory of a GEMM kernel here: the operand ring (lhs block_m x block_k and rhs
  block_k x block_n per slot) plus store_chunks' two epi_rows x EPI_COLS buffers per consumer."""
  ring = num_stages * (block_m + block_n) * block_k * itemsize
  return ring + consumers * 2 * epi_rows * EPI_COLS * epi_itemsize + SMEM_SLACK


def store_chunks(tile, bufs, stores, send) -> None:
  """A consumer's epilogue: `tile` [rows, C] (registers, WGMMA layout) to global memory in
  EPI_COLS-column chunks through two shared-memory buffers `bufs` [2, rows, EPI_COLS] used in
  turn (across calls too: `stores` counts the chunks this consumer sent before; the caller adds
  C // EPI_COLS). send(buf, c) issues the TMA of chunk c from `buf`; each chunk is cast to the
  buffers' dtype, and a buffer is rewritten only once its previous TMA has read it."""
  for c in range(tile.shape[1] // EPI_COLS):
    buf = bufs.at[lax.rem(stores + c, 2)]
    plgpu.wait_smem_to_gmem(1, wait_read_only=True)   # this buffer's last send has read it
    buf[...] = tile[:, c * EPI_COLS:(c + 1) * EPI_COLS].astype(buf.dtype)
    plgpu.commit_smem()
    send(buf, c)
