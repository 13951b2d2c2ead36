"""Pieces shared by the Mosaic GPU kernels (extend attention, grouped GEMM, fused GEMM +
reduce-scatter): the shared-memory limit, the swizzled shared-memory layout wgmma and TMA use,
the operand ring of the warp-specialized kernels (with an untiled copy view for K, or a result's
N, of partial 64-column rows), the GEMMs' chunked epilogue stores, and stores
of dynamic row ranges (TMA boxes of power-of-two rows; ordinary stores from registers).

The ring: one producer warpgroup fills `stages` slots with TMA copies that arrive on
`full[slot]`; the consumer warpgroups release a slot on `free[slot]` once the wgmma that read it
is done. `count` numbers the fills of the ring across the whole kernel.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src.lib.mlir import ir        # MLIR of the inline Mosaic GPU code (signals below)
from jax._src.lib.mlir.dialects import arith, gpu, llvm, scf, vector
from jax.experimental import pallas as pl
from jax.experimental.mosaic import gpu as mgpu
from jax.experimental.mosaic.gpu import utils as mgpu_utils
from jax.experimental.pallas import mosaic_gpu as plgpu


SWIZZLE = 128   # bytes: one swizzle row
EPI_COLS = 64   # columns per epilogue store (one swizzle row of bf16)
FLUSH_SPACING = 2   # K steps between a deferred tile's chunk stores (`chunk_flushes`, `consume`):
                    # the grouped GEMM's, and the least `spread_spacing` gives
SMEM_SLACK = 1024   # bytes a kernel's smem budget keeps for barriers and alignment
SMEM_ALIGN = 1024   # Pallas Mosaic GPU starts each scoped shared-memory buffer on a 1 KB boundary


def smem_limit() -> int:
  """Bytes of shared memory one CTA may opt into on the Mosaic GPU target: the current device's
  (DeviceSpec) when it runs Mosaic GPU, else Hopper's, which every kernel here compiles for."""
  from jaxkern.device import DeviceSpec   # lazily: jaxkern's package imports the kernels
  return DeviceSpec.current().kernel_target.smem_per_block


def smem_reason(nbytes: int, detail: str = "") -> str | None:
  """Why a kernel allocating `nbytes` of shared memory cannot run (None when it fits)."""
  limit = smem_limit()
  if nbytes <= limit:
    return None
  return f"{nbytes} bytes of shared memory{detail} (limit {limit})"


def scoped_smem_bytes(*buffers: int, reductions: bool = False) -> int:
  """Shared memory of a kernel's scoped buffers (their sizes in bytes) as Pallas Mosaic GPU lays
  them out: each on a SMEM_ALIGN boundary, plus the scratch it reserves for cross-warp reductions
  when the kernel reduces (`reductions`: its CompilerParams default, which the kernels keep), plus
  SMEM_SLACK for barriers."""
  aligned = sum(-(-b // SMEM_ALIGN) * SMEM_ALIGN for b in buffers)
  scratch = getattr(plgpu.CompilerParams(), "reduction_scratch_bytes", 0) if reductions else 0
  return aligned + -(-scratch // SMEM_ALIGN) * SMEM_ALIGN + SMEM_SLACK


def swizzled(dtype) -> tuple:
  """SMEM transforms of wgmma / TMA operands: (8, one swizzle row) tiles, 128-byte swizzle."""
  return (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(dtype).itemsize)),
          plgpu.SwizzleTransform(SWIZZLE))


def untiled_copies(cols: int, dtype, *, any_row: bool = False, interpret: bool = False) -> bool:
  """Whether TMA copies between a global array whose rows hold `cols` elements (its minor
  dimension: a wgmma operand's K, a result's N) and a swizzled shared-memory buffer one swizzle
  row wide need `operand_ring`'s untiled view: when cols is not whole swizzle rows, or when the
  copies' first rows need not be multiples of 8 (`any_row`: the grouped GEMM's exact starts,
  `support.exact_starts`). Mosaic GPU describes a tiled copy's global array as whole tiles (all
  of it: K = 7392 is 115.5 rows of 64 and does not lower), its rows starting at whole 8-row
  tiles (jax 0.11 refuses the build where it cannot prove that). Never in the interpreter, which
  has no aliased refs (nor TMA zero fill or clipping: its callers pad there)."""
  return not interpret and (any_row or cols % (SWIZZLE // jnp.dtype(dtype).itemsize) != 0)


def operand_ring(shape, dtype, *, untiled: bool, swizzle: bool = True):
  """The scoped SMEM of buffers [..., rows, one swizzle row] that TMA fills or empties: a wgmma
  operand ring, or a GEMM's epilogue buffers (`store_chunk`); `ring_views` splits it.

  With swizzle=False, buffers allocated without transforms, which a TMA box may start at any
  row of (the grouped GEMM's segment_stores="rows"); one view, whatever `untiled`. What they
  become is the lowering's: jax 0.10 (lane semantics) keeps them plain, and the registers'
  WGMMA-layout writes into them conflict 8-way; jax 0.11 (warpgroup semantics, the H200's)
  infers (1, one swizzle row) tiles with the 128-byte swizzle, which also makes the global
  array's minor dimension whole swizzle rows
  (benchmarks/results/logs/review_session66/inferred_transforms.log).
  Tiled and swizzled (`swizzled`); with `untiled` (`untiled_copies`), two views of one buffer:
  that one, which wgmma reads (or the registers write), and a swizzled untiled one that TMA
  copies as a plain 2-D box: a load's columns past the array's end TMA fills with zeros (the
  other operand's rows past K are zeros too), a store's it leaves out. Both hold the same bytes:
  an (8, one row) tiling of a buffer one row wide is the identity, and the swizzle goes by
  shared-memory address. No padded copy of the operand or the result."""
  if not swizzle:
    return plgpu.SMEM(shape, dtype)
  tiled = plgpu.SMEM(shape, dtype, transforms=swizzled(dtype))
  if not untiled:
    return tiled
  return plgpu.RefUnion(tiled, plgpu.SMEM(shape, dtype,
                                          transforms=(plgpu.SwizzleTransform(SWIZZLE),)))


def ring_views(ring, *, untiled: bool, swizzle: bool = True) -> tuple:
  """(the view wgmma reads or registers write, the view TMA copies) of an `operand_ring`
  allocation (the same arguments)."""
  if untiled and swizzle:
    return tuple(ring)     # a RefUnion yields its groups' refs
  return ring, ring


def producer_slot(count, free, stages: int):
  """The slot of fill `count`, after waiting until the consumers have released its last use
  (named region "wait_free" in Mosaic GPU profiler traces)."""
  slot = lax.rem(count, stages)

  @pl.when(count >= stages)
  def _():
    with jax.named_scope("wait_free"):
      plgpu.barrier_wait(free.at[slot])
  return slot


def producer_drain(total, free, stages: int) -> None:
  """Wait for the releases of the last fills, so every barrier phase is observed."""
  for i in range(stages):
    last = total - stages + i

    @pl.when(last >= 0)
    def _():
      plgpu.barrier_wait(free.at[lax.rem(last, stages)])


def consume(k_steps, count, full, free, stages: int, mma, after_steps=(), spacing: int = 1):
  """k_steps fills from `count` on: wait for each, mma(slot) (issues this step's wgmmas), keep
  one step in flight and release the slot of the step before; returns the next count.
  after_steps: callables; the i-th runs right after step i * spacing's wgmmas are issued (at once
  when there is no such step), so that it overlaps them and has `spacing` steps' time: e.g. a
  previous tile's epilogue stores, one chunk every `spacing` steps.
  Named regions (Mosaic GPU profiler traces; no code otherwise): "wait_full", a step's wait for
  its operands; "after_step"; "drain", the wait for the last step's wgmmas."""
  def step(kk, count):
    slot = lax.rem(count, stages)
    with jax.named_scope("wait_full"):
      plgpu.barrier_wait(full.at[slot])
    mma(slot)
    plgpu.wgmma_wait(1)                     # the previous step's wgmmas are done

    @pl.when(kk > 0)
    def _():
      plgpu.barrier_arrive(free.at[lax.rem(count - 1, stages)])
    return count + 1

  start, done = count, 0
  for i, after in enumerate(after_steps):   # the steps up to i * spacing: a loop of at most
    until = i * spacing + 1                 # `spacing` trips (a wgmma stays in a loop body)
    start = lax.fori_loop(jnp.minimum(k_steps, done), jnp.minimum(k_steps, until), step, start)
    done = until
    with jax.named_scope("after_step"):
      after()
  end = lax.fori_loop(jnp.minimum(k_steps, done), k_steps, step, start)
  with jax.named_scope("drain"):
    plgpu.wgmma_wait(0)

  @pl.when(k_steps > 0)
  def _():
    plgpu.barrier_arrive(free.at[lax.rem(end - 1, stages)])
  return end


def spread_spacing(k_steps: int, flushes: int) -> int:
  """`consume`'s spacing that spreads `flushes` after-steps evenly over a unit's k_steps (at
  least FLUSH_SPACING apart). For stores that every CTA would otherwise issue at about the same
  time, its units finishing together: the fused GEMM + reduce-scatter's pushes over NVLink
  (pallas_kernels/gemm_rs/mosaic.py's docstring has what the spread measured)."""
  return max(FLUSH_SPACING, k_steps // flushes)


def pass_slots(k_steps, count, full, free, stages: int):
  """k_steps fills from `count` on that this consumer does not read: wait for each and release
  it at once (every consumer must observe every phase and release every slot); returns the next
  count."""
  def step(kk, count):
    slot = lax.rem(count, stages)
    plgpu.barrier_wait(full.at[slot])
    plgpu.barrier_arrive(free.at[slot])
    return count + 1
  return lax.fori_loop(0, k_steps, step, count)


def gemm_smem_bytes(*, block_m: int, block_n: int, block_k: int, num_stages: int, itemsize: int,
                    epi_rows: int, epi_itemsize: int, consumers: int = 2, epi_bufs: int = 2,
                    extra=()) -> int:
  """Shared memory of a GEMM kernel here (`scoped_smem_bytes`): the operand rings (lhs block_m x
  block_k and rhs block_k x block_n per slot), store_chunks' `epi_bufs` epi_rows x EPI_COLS
  buffers per consumer, and the kernel's `extra` buffers (bytes each)."""
  return scoped_smem_bytes(num_stages * block_m * block_k * itemsize,
                           num_stages * block_n * block_k * itemsize,
                           consumers * epi_bufs * epi_rows * EPI_COLS * epi_itemsize, *extra)


def epi_chunks(tile) -> list:
  """`tile` [rows, C] (or a tuple of such pieces side by side, each a multiple of EPI_COLS
  wide) as its EPI_COLS-column chunks, left to right."""
  pieces = tile if isinstance(tile, tuple) else (tile,)
  return [p[:, i * EPI_COLS:(i + 1) * EPI_COLS] for p in pieces
          for i in range(p.shape[1] // EPI_COLS)]


def store_chunk(c, chunk, bufs, stores, send) -> None:
  """Chunk c (registers, WGMMA layout, [rows, EPI_COLS]) of a consumer's epilogue to global
  memory through buffer (stores + c) % B of `bufs` [B, rows, EPI_COLS], once that buffer's
  previous bulk group has read it (`stores`: chunks this consumer sent before the tile). With
  B = 2 a chunk's registers go to one buffer while the other's copy runs; with B = 1 (a kernel
  whose operand ring took the second buffer's shared memory) each chunk waits for the last.
  `bufs` may be a pair of views of the buffers (`ring_views`: the registers write the first, the
  copies read the second). send(buf, c, chunk) issues its TMA copies from `buf` as one bulk
  group (one copy with its default commit, or several followed by
  `plgpu.commit_smem_to_gmem_group()`); `chunk` is cast to the buffers' dtype."""
  write, copy = bufs if isinstance(bufs, tuple) else (bufs, bufs)
  num_bufs = write.shape[0]
  slot = lax.rem(stores + c, num_bufs)
  plgpu.wait_smem_to_gmem(num_bufs - 1, wait_read_only=True)   # this buffer's last send read it
  chunk = chunk.astype(write.dtype)
  write.at[slot][...] = chunk
  plgpu.commit_smem()
  send(copy.at[slot], c, chunk)


def store_chunks(tile, bufs, stores, send) -> None:
  """A consumer's epilogue: `tile` [rows, C] (registers, WGMMA layout; or a tuple of such
  pieces, side by side, each a multiple of EPI_COLS wide) in EPI_COLS-column chunks, one after
  another (`store_chunk`; the caller adds C // EPI_COLS to `stores`)."""
  for c, chunk in enumerate(epi_chunks(tile)):
    store_chunk(c, chunk, bufs, stores, send)


def zero_chunk(rows: int, dtype):
  """A [rows, EPI_COLS] chunk of zeros in registers (WGMMA layout): the carry of a deferred tile
  before the first unit, or a narrower unit's padding."""
  return plgpu.layout_cast(jnp.zeros((rows, EPI_COLS), dtype), plgpu.Layout.WGMMA)


def chunk_flushes(chunks, bufs, stores, send, live) -> tuple:
  """A deferred tile's epilogue: one callable per chunk, `store_chunk` of chunk c if live(c) (a
  traced bool), for the next unit's K steps to issue one every FLUSH_SPACING steps (`consume`'s
  after_steps), so that the tensor cores run on while the stores go out."""
  return tuple(functools.partial(pl.when(live(c)), functools.partial(
      store_chunk, c, chunk, bufs, stores, send)) for c, chunk in enumerate(chunks))


def row_boxes(most: int) -> list[int]:
  """TMA boxes for the first rows of a `most`-row tile as one copy (`row_box`): 8, 16, 32, 64,
  128 rows below `most`, then all `most` (also for a `most` of 192 or 24)."""
  return [r for r in (8, 16, 32, 64, 128) if r < most] + [most]


def row_box(count, boxes: list[int]):
  """The index in `boxes` (`row_boxes`) of the smallest box holding `count` rows (count >= 1;
  traced int32) for a `lax.switch` over the boxes' copies."""
  return sum((count > r).astype(jnp.int32) for r in boxes[:-1])


def box_sizes(most: int) -> int:
  """How many box sizes `power_of_two_boxes` visits for a range of at most `most` units (each
  either copied or, given `otherwise`, passed with a call of it)."""
  return most.bit_length()


def power_of_two_boxes(copy, n, most: int, *, first=0, unit: int = 1, otherwise=None) -> None:
  """copy(offset, rows) over rows [first, first + n) * unit of a range, n in [0, most], as boxes
  of power-of-two multiples of `unit` rows (n's binary digits, from the largest power of two <=
  most: a `most` of 24, a 192-row consumer's 8-row tiles, takes boxes of 16, 8, 4, 2, 1): a TMA
  box has a static size, the range a dynamic one. Offsets are (first + whole boxes) * unit:
  multiples of `unit`. otherwise(): called for each of the `box_sizes(most)` sizes that n does
  not take (loads: a plain arrival on the barrier the copies arrive on, which then counts
  box_sizes(most) arrivals whatever n is)."""
  off = jnp.asarray(first, jnp.int32)
  size = 1 << (most.bit_length() - 1) if most > 0 else 0
  while size:
    take = lax.rem(lax.div(n, size), 2) == 1
    pl.when(take)(lambda off=off, size=size: copy(off * unit if unit > 1 else off, size * unit))
    if otherwise is not None:
      pl.when(~take)(otherwise)
    off = off + jnp.where(take, size, 0)
    size //= 2


def store_rows_direct(tile, ref, lo, hi, *, cols=None, skip=None, period: int | None = None,
                      interpret: bool) -> None:
  """Rows [lo, hi) of `tile` (registers, WGMMA layout, [R, C] 16-bit), less rows [skip[0],
  skip[1]) if given, and only its first `cols` columns if given (an even count; the rest lie past
  the end of the result's rows, where a TMA store would clip them), into the ref `ref` [R, C] with
  ordinary stores, each thread storing the elements it holds (predicated): for row ranges no TMA
  box can take from a swizzled buffer (those not made of whole 8-row tiles) into global memory,
  or for a few rows of an unswizzled shared-memory buffer, which whole WGMMA-layout tiles write
  with 8-way bank conflicts. With `period`, the rows whose index modulo `period` lies in
  [lo, hi) (a tile of R / period heads' rows, head-major). The interpreter stores whole rows
  (its results are padded to whole tiles of columns)."""
  s_lo, s_hi = skip if skip is not None else (hi, hi)
  cols_given = cols is not None
  if interpret:
    for base in range(0, tile.shape[0], period or tile.shape[0]):
      def row(r, carry, base=base):
        @pl.when((r < s_lo) | (r >= s_hi))
        def _():
          ref.at[pl.ds(base + r, 1)][...] = lax.dynamic_slice_in_dim(tile, base + r, 1, 0)
        return carry
      lax.fori_loop(lo, hi, row, None)
    return

  @plgpu.inline_mgpu(arg_types=(plgpu.Layout.WGMMA, plgpu.RefType()) + (plgpu.Layout.WG_SPLAT,) * 5)
  def store(ctx, tile, ref, lo, hi, s_lo, s_hi, cols):
    del ctx
    i32 = ir.IntegerType.get_signless(32)
    lo, hi, s_lo, s_hi, cols = (x.registers.item() for x in (lo, hi, s_lo, s_hi, cols))
    cmp = lambda pred, a, b: arith.cmpi(getattr(arith.CmpIPredicate, pred), a, b)
    for idx, reg in zip(tile.layout.thread_idxs(tile.shape), tile.registers.flat):
      row, col = (arith.index_cast(i32, i) for i in idx)   # of the register's first element
      if period:
        row = arith.remui(row, arith.constant(i32, period))
      inside = arith.andi(cmp("sge", row, lo), cmp("slt", row, hi))
      if skip is not None:        # (compares left out where they always hold)
        inside = arith.andi(inside, arith.ori(cmp("slt", row, s_lo), cmp("sge", row, s_hi)))
      if cols_given:
        inside = arith.andi(inside, cmp("slt", col, cols))
      branch = scf.IfOp(inside)
      with ir.InsertionPoint(branch.then_block):
        vector.store(reg, ref, list(idx))
        scf.yield_([])
  as_i32 = lambda x: jnp.asarray(x, jnp.int32)
  store(tile, ref, as_i32(lo), as_i32(hi), as_i32(s_lo), as_i32(s_hi),
        as_i32(cols if cols_given else 0))


def _fragment_indices(tile, lanes: bool):
  """Where each register of `tile` (WGMMA layout, [R, C]; in `tile.registers.flat` order) lies in
  the ref of `store_fragment`: its [row, column], or with `lanes` [v, this thread's index in its
  warpgroup, 0] for the v-th register. A generator: the index ops are emitted one register at a
  time, beside the register's load or store."""
  if not lanes:
    yield from (list(idx) for idx in tile.layout.thread_idxs(tile.shape))
    return
  index = ir.IndexType.get()
  lane = arith.remui(gpu.thread_id(gpu.Dimension.x), arith.constant(index, 128))
  zero = arith.constant(index, 0)
  for v in range(tile.registers.size):
    yield [arith.constant(index, v), lane, zero]


def store_fragment(tile, ref, *, lanes: bool = False, interpret: bool) -> None:
  """`tile` (registers, WGMMA layout, [R, C] float32) into the global-memory ref `ref` with
  ordinary stores, each thread storing the elements it holds; `add_fragment` (same `lanes`) reads
  them back (a split tile's partial sums: grouped GEMM's stream-K). `ref` is [R, C] (each pair of
  columns a thread holds at its place: a warp's store covers 32 bytes of 8 rows), or with `lanes`
  [R * C / 256, 128, 2], thread-interleaved: thread i's v-th register (two floats) at ref[v, i],
  so a warp's store covers 256 contiguous bytes. With R = 64 the registers run 8 columns at a
  time, so columns [c, c + w) are registers [R * c / 256, R * (c + w) / 256), which
  `add_fragment` can read back as a [R, w] tile; the interpreter keeps that property by storing
  the tile transposed (columns outermost)."""
  if interpret:
    ref[...] = tile.T.reshape(ref.shape) if lanes else tile
    return

  @plgpu.inline_mgpu(arg_types=(plgpu.Layout.WGMMA, plgpu.RefType()))
  def store(ctx, tile, ref):
    del ctx
    for idx, reg in zip(_fragment_indices(tile, lanes), tile.registers.flat):
      vector.store(reg, ref, idx)
  store(tile, ref)


def add_fragment(tile, ref, *, lanes: bool = False, interpret: bool):
  """`tile` (registers, WGMMA layout, [R, C] float32) plus what `store_fragment` (same `lanes`)
  wrote to `ref`: all of a stored tile, or with `lanes` also a range of its columns."""
  if interpret:
    return tile + (ref[...].reshape(tile.shape[::-1]).T if lanes else ref[...])

  @plgpu.inline_mgpu(arg_types=(plgpu.Layout.WGMMA, plgpu.RefType()),
                     return_type=plgpu.ShapeDtypeStruct(tile.shape, tile.dtype,
                                                        layout=plgpu.Layout.WGMMA))
  def add(ctx, tile, ref):
    del ctx
    regs = tile.registers.copy()
    for (pos, reg), idx in zip(np.ndenumerate(tile.registers), _fragment_indices(tile, lanes)):
      regs[pos] = arith.addf(reg, vector.load(reg.type, ref, idx))
    return mgpu.FragmentedArray(_registers=regs, _layout=tile.layout, _is_signed=None)
  return add(tile, ref)


def ticket(counter, word, *, interpret: bool):
  """Adds 1 to `counter` (int32 [1], global memory) once every global store this warpgroup made
  before is visible to the GPU, and returns the count before the add (to every thread): the
  warpgroup that draws n - 1 of n arrives last, and its loads after this see what the other n - 1
  stored before their tickets (acquire-release). Each thread fences its stores (`fence.acq_rel.gpu`),
  a warpgroup barrier, then one thread adds (`atom.acq_rel.gpu`) and passes the count through
  `word` (int32 [1], global memory, this warpgroup's own) to the others after a second barrier.
  The interpreter (no atomics; it runs CTAs one after another) reads and writes the counter."""
  if interpret:
    old = counter[0]
    counter[...] = counter[...] + 1
    return old

  @plgpu.inline_mgpu(arg_types=(plgpu.RefType(), plgpu.RefType()),
                     return_type=plgpu.ShapeDtypeStruct((), jnp.int32,
                                                        layout=plgpu.Layout.WG_SPLAT))
  def take(ctx, ref, word):
    del ctx
    i32, void = ir.IntegerType.get_signless(32), ir.Type.parse("!llvm.void")
    llvm.inline_asm(void, [], "fence.acq_rel.gpu;", "", has_side_effects=True)
    mgpu_utils.warpgroup_barrier()
    llvm.inline_asm(void, [mgpu_utils.memref_ptr(ref), mgpu_utils.memref_ptr(word),
                           mgpu_utils.single_thread_predicate(mgpu_utils.ThreadSubset.WARPGROUP)],
                    "{\n.reg .b32 t;\n@$2 atom.acq_rel.gpu.global.add.s32 t, [$0], 1;\n"
                    "@$2 st.global.b32 [$1], t;\n}", "l,l,b", has_side_effects=True)
    mgpu_utils.warpgroup_barrier()
    old = llvm.inline_asm(i32, [mgpu_utils.memref_ptr(word)],
                          "ld.volatile.global.b32 $0, [$1];\nfence.acq_rel.gpu;", "=r,l",
                          has_side_effects=True)
    return mgpu.FragmentedArray.splat(old, (), is_signed=True)
  return take(counter, word)


# Completion signals between CTAs (grouped GEMM's return_signals). The counters are int32
# global memory; these helpers run in a warpgroup's code, the GPU instructions from one thread.

def warpgroup_sync(*, interpret: bool) -> None:
  """A barrier of this warpgroup's 128 threads (`bar.sync` on the warpgroup's named barrier):
  what one thread completed before it (e.g. waiting for its TMA stores) is ordered before what
  any thread of the warpgroup does after it. A no-op under the interpreter."""
  if interpret:
    return

  @plgpu.inline_mgpu()
  def sync(ctx):
    del ctx
    mgpu_utils.warpgroup_barrier()
  sync()


def signal_release(counter, *, interpret: bool) -> None:
  """Adds 1 to `counter` (an int32 [1] global-memory ref) once every write this warpgroup has
  made visible before (its completed TMA stores included) is visible to any thread of the GPU
  that reads the new count: a warpgroup barrier, a fence between TMA's async proxy and ordinary
  loads and stores, then a release-ordered add from one thread (PTX `red.release.gpu`). The
  caller waits for its stores to *complete* first (`wait_smem_to_gmem(0,
  wait_read_only=False)`), not merely to have read shared memory. The interpreter (no
  atomics; it runs CTAs one after another) reads and writes the counter instead."""
  if interpret:
    counter[...] = counter[...] + 1
    return

  @plgpu.inline_mgpu(arg_types=(plgpu.RefType(),))
  def add(ctx, ref):
    del ctx
    mgpu_utils.warpgroup_barrier()
    llvm.inline_asm(ir.Type.parse("!llvm.void"),
                    [mgpu_utils.memref_ptr(ref), mgpu_utils.single_thread_predicate(
                        mgpu_utils.ThreadSubset.WARPGROUP)],
                    "@$1 fence.proxy.async.global;\n@$1 red.release.gpu.global.add.s32 [$0], 1;",
                    "l,b", has_side_effects=True)
  add(counter)


def signal_wait(counter, target, *, interpret: bool, polls=None) -> None:
  """Blocks this warpgroup until `counter` (int32 [1], global memory) reaches `target`, with
  acquire ordering (loads and TMA reads issued after it see what the signalling warpgroups
  published before their release). `polls` (int32 [1], optional) receives the number of reads
  that found the counter below target: > 0 shows the wait really overlapped the producer."""
  if interpret:   # CTAs run one after another there: a waiting CTA runs after its producers
    if polls is not None:
      polls[...] = (counter[...] < target).astype(jnp.int32)
    return
  target = jnp.asarray(target, jnp.int32)

  @plgpu.inline_mgpu(arg_types=(plgpu.RefType(), plgpu.Layout.WG_SPLAT)
                     + ((plgpu.RefType(),) if polls is not None else ()))
  def wait(ctx, ref, want, *out):
    del ctx
    i32 = ir.IntegerType.get_signless(32)
    want = want.registers.item()
    ptr = mgpu_utils.memref_ptr(ref)
    loop = scf.WhileOp([i32], [mgpu_utils.c(0, i32)])
    before = loop.before.blocks.append(i32)
    with ir.InsertionPoint.at_block_begin(before):
      seen = llvm.inline_asm(i32, [ptr], "ld.relaxed.gpu.global.b32 $0, [$1];", "=r,l",
                             has_side_effects=True)
      scf.condition(arith.cmpi(arith.CmpIPredicate.slt, seen, want), [before.arguments[0]])
    after = loop.after.blocks.append(i32)
    with ir.InsertionPoint.at_block_begin(after):
      scf.yield_([arith.addi(after.arguments[0], mgpu_utils.c(1, i32))])
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [],
                    "fence.acquire.gpu;\nfence.proxy.async.global;", "", has_side_effects=True)
    if out:
      llvm.inline_asm(ir.Type.parse("!llvm.void"),
                      [mgpu_utils.memref_ptr(out[0]), loop.results[0],
                       mgpu_utils.single_thread_predicate(mgpu_utils.ThreadSubset.WARPGROUP)],
                      "@$2 st.global.b32 [$0], $1;", "l,r,b", has_side_effects=True)
    mgpu_utils.warpgroup_barrier()
  wait(counter, target, *(() if polls is None else (polls,)))
