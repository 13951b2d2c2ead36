"""The grouped GEMM's tile metadata (README.md says how the kernel reads it): each row
segment's bounds and, for tiles="groups", the segments' running tile counts, computed once per call
in XLA before the kernel (`launch_meta`), or for a few groups by the kernel itself from the group
sizes (`sizes_meta`); the kernel finds a unit's tile's groups or segment from
them by search (`Meta`, `count_sorted`), and deals a launch's units to its persistent CTAs
(`Deal`, `StreamDeal`). No loop over the groups anywhere."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, NamedTuple

import jax.numpy as jnp
from jax import lax

from pallas_kernels import _index
from pallas_kernels._index import prefix_sum
from pallas_kernels.grouped_gemm.reference import group_bounds

if TYPE_CHECKING:
  from pallas_kernels.grouped_gemm.static import Static

__all__ = ["Deal", "LaunchMeta", "Meta", "Span", "StreamDeal", "Values", "count_sorted",
           "group_tiles_bound", "launch_meta", "piece_counts", "segment_bounds",
           "segment_first_row", "sizes_meta", "tail_pieces", "tile_ends", "unit_tile",
           "work_item"]


# The metadata below is small (groups x tiles) and every XLA kernel before the GEMM costs ~1 us
# on the H200, which the memory-bound decode rows feel. XLA fuses elementwise producers into a
# reduction but tends to run elementwise work after one, and a concatenate before one, as
# kernels of their own, so each array here is written as one bare reduction (clipping is a
# saturating add). What XLA cannot do in one kernel
# is a search over the result of a reduction: a per-tile plan (each tile's segment, found among
# the segments' running tile counts, then gathers) took two more kernels after the bounds and
# the running counts, 4 kernels and 4.6 us at 129 segments, 3 and 3.1 us at 17 (H200, session
# 25, benchmarks/results/logs/grouped_gemm_session25/meta_forms_run156.log). The kernel's
# producer does that search instead (`Meta.tile`, `count_sorted`: two rounds of scalar loads per
# unit) and hands each unit's tile to the consumers through shared memory: searched by the
# consumers themselves, its dependent loads cost 3.6-10.5 us of kernel time on two prefill rows
# (session 34, logs/grouped_gemm_session34/ab_search_run230.log; not through the ring:
# ab_ring_run231.log).


def _sum_last(values, *, cap: int):
  """Sum over the last axis (int32, values >= 0) as one XLA reduction, saturating at `cap`."""
  values = values.astype(jnp.int32)
  # Each value capped too: XLA may drop the reducer where one value is summed (0 + x = x).
  return lax.reduce(jnp.minimum(values, cap), jnp.int32(0),
                    lambda x, y: jnp.minimum(x + y, cap), (values.ndim - 1,))


def segment_bounds(rows: int, *, group_sizes=None, masked_m=None, m_max: int = 0,
                   zero_segments: bool = False):
  """[S, 2] int32: (start, end) of each row segment of the flat lhs, as one XLA kernel (a
  reduction for the contiguous layout, elementwise for the masked one). The G groups come first
  (segment g < G multiplies by weight g): contiguous, the running sums of group_sizes clipped to
  `rows`; masked, g * m_max + [0, masked_m[g]). With zero_segments (tiles="groups") the rows no
  group owns follow, stored as zeros: the masked layout's rows past masked_m of each group (S =
  2G), the contiguous layout's rows past the last group (S = G + 1; its groups are adjacent)."""
  if masked_m is not None:
    starts = jnp.arange(masked_m.shape[0], dtype=jnp.int32) * m_max
    ends = starts + jnp.clip(masked_m.astype(jnp.int32), 0, m_max)
    groups = jnp.stack([starts, ends], axis=1)
    return (jnp.concatenate([groups, jnp.stack([ends, starts + m_max], axis=1)])
            if zero_segments else groups)
  sizes = jnp.maximum(group_sizes.astype(jnp.int32), 0)
  num_groups = sizes.shape[0]
  num_segments = num_groups + int(zero_segments)
  seg = jnp.arange(num_segments, dtype=jnp.int32)[:, None]
  side = jnp.arange(2, dtype=jnp.int32)[None, :]                  # 0: start, 1: end
  if num_segments * 2 * num_groups > _index.COMPARE_ALL_LIMIT:    # huge G: plain prefix sums
    starts, ends = group_bounds(sizes, rows)
    if zero_segments:
      starts, ends = (jnp.concatenate([starts, ends[-1:]]),
                      jnp.concatenate([ends, jnp.full((1,), rows, jnp.int32)]))
    return jnp.stack([starts, ends], axis=1)
  # segment s starts after groups j < s and ends after groups j <= s; the tail ends at `rows`
  j = jnp.arange(num_groups, dtype=jnp.int32)
  tail_end = ((seg == num_groups) & (side == 1))[..., None]
  values = jnp.where(tail_end, jnp.where(j == 0, rows, 0),
                     jnp.where(j < (seg + side)[..., None], sizes, 0))
  return _sum_last(values, cap=rows)


def group_tiles_bound(rows: int, num_segments: int, block_m: int) -> int:
  """The most tiles tiles="groups" can need: each segment's tiles start at its first row rounded
  down to 8, so a segment of s rows needs at most cdiv(s + 7, block_m) <= (s + 7) / block_m + 1.
  With `exact_starts` it needs cdiv(s, block_m), so the bound holds with up to S * 7 rows of room;
  not tightened there, as the launch's CTA count and deal derive from it (untimed)."""
  return -(-(rows + 7 * num_segments) // block_m) + num_segments


def segment_first_row(start, exact_starts: bool):
  """The first row of a segment's first tile: the segment's first row (`exact_starts`: tiles
  whose stores are TMA boxes of any row, config.segment_stores="rows"), or that rounded down to
  8 (the swizzled stores' whole 8-row tiles of the result start on the chunk buffer's 8-row
  tiles, and the rows before the segment's in the first one are its neighbour's). Truncating
  division (a shift), not floor division's sign fix-ups: rows are >= 0."""
  return start if exact_starts else lax.div(start, 8) * 8


def _segment_tiles(start, end, block_m: int, exact_starts: bool = False):
  """Tiles of a segment [start, end) (arrays or scalars, >= 0): cdiv(end - a, block_m), a its
  first tile's first row (`segment_first_row`), none if empty."""
  first = segment_first_row(start, exact_starts)
  return jnp.where(end > start, lax.div(end - first + block_m - 1, block_m), 0)


def tile_ends(bounds, *, block_m: int, exact_starts: bool = False):
  """tiles="groups": [S] int32, one past each segment's last tile, its tiles laid end to end in
  segment order (a running count; the last entry is the tiles in use). Segment s (bounds [S,
  2], `segment_bounds`) has cdiv(end_s - a_s, block_m) tiles, a_s its first tile's first row
  (`segment_first_row`), none if empty; its tile j reads lhs rows a_s + j * block_m + [0,
  block_m) and writes those in [start_s, end_s). One XLA reduction (the counts fused into it);
  the kernel finds each tile's segment (`Meta.tile`)."""
  return prefix_sum(_segment_tiles(bounds[:, 0], bounds[:, 1], block_m, exact_starts))


class Values:
  """A few int32 scalars read like a ref (`sizes_meta`): values[i] for a static index, or a
  traced one as a chain of selects (short lists only: `support.kernel_meta`)."""

  def __init__(self, values):
    self.values = tuple(values)

  def __len__(self):
    return len(self.values)

  def __getitem__(self, i):
    if isinstance(i, int):
      return self.values[i]
    out = self.values[0]
    for k, value in enumerate(self.values[1:], 1):
      out = jnp.where(i == k, value, out)
    return out


def sizes_meta(sizes, *, rows: int, block_m: int, by_group: bool, zero_segments: bool = True,
               exact_starts: bool = False):
  """The kernel's own `launch_meta` for a few contiguous groups (`support.kernel_meta`,
  `Meta.sizes`): from the G group sizes, scalars the kernel reads where it needs a bound, the
  `tile_ends` and flat `segment_bounds` (same segments, same values) as `Values`: (ends,
  bounds); rows tiles' ends are the bounds again (unread), as `launch_meta`'s. No XLA kernel
  then runs before the launch. Works on traced scalars and arrays alike."""
  end, segs = jnp.int32(0), []
  for size in sizes:     # running sums clipped to `rows`, as segment_bounds' saturating reduction
    start, end = end, jnp.minimum(end + jnp.clip(size, 0, rows), rows)
    segs.append((start, end))
  if by_group and zero_segments:     # the rows past the last group
    segs.append((end, jnp.int32(rows)))
  bounds = Values(x for seg in segs for x in seg)
  if not by_group:
    return bounds, bounds
  count, ends = jnp.int32(0), []
  for start, end in segs:          # tile_ends' running tile counts
    count = count + _segment_tiles(start, end, block_m, exact_starts)
    ends.append(count)
  return Values(ends), bounds


class LaunchMeta(NamedTuple):
  """What XLA computes before a launch for `Meta` to read, and the static facts that go with it."""
  ends: object        # tiles="groups": `tile_ends` [S]; rows tiles: `bounds` again (unread)
  bounds: object      # the segment bounds [2 * S], flat; masked_m [G] where the kernel reads it
  m_tiles: int        # row tiles the launch may run (tiles="groups": `group_tiles_bound`)
  segments: int       # S (0 where the kernel reads masked_m)


def launch_meta(rows: int, block_m: int, *, by_group: bool, group_sizes=None, masked_m=None,
                m_max: int = 0, direct: bool = False, kernel: bool = False,
                zero_segments: bool = True, exact_starts: bool = False) -> LaunchMeta:
  """The metadata arrays of a launch over `rows` rows of the flat lhs: with `direct` (masked row
  tiles, M_max a multiple of block_m: `support.reads_masked_m`) masked_m itself, no XLA kernel;
  with `kernel` (a few contiguous groups: `support.kernel_meta`) group_sizes as both arrays,
  from which the kernel computes the rest (`sizes_meta`), no XLA kernel either; else
  `segment_bounds` (tiles="groups": and `tile_ends`). tiles="groups" tiles the zero segments
  too (rows no group owns, stored as zeros) unless zero_segments=False (invalid_rows=
  "unwritten": the groups' tiles are then all the tiles in use); exact_starts: a segment's
  tiles start at its first row (`segment_first_row`)."""
  zero_segments = by_group and zero_segments
  if direct:
    masked_m = masked_m.astype(jnp.int32)
    return LaunchMeta(masked_m, masked_m, -(-rows // block_m), 0)
  if kernel:
    sizes = group_sizes.astype(jnp.int32)
    segments = sizes.shape[0] + int(zero_segments)  # the rows past the last group
    return LaunchMeta(sizes, sizes, group_tiles_bound(rows, segments, block_m) if by_group
                      else -(-rows // block_m), segments)
  bounds = segment_bounds(rows, group_sizes=group_sizes, masked_m=masked_m, m_max=m_max,
                          zero_segments=zero_segments)
  segments = bounds.shape[0]
  if not by_group:
    return LaunchMeta(bounds.reshape(-1), bounds.reshape(-1), -(-rows // block_m), segments)
  return LaunchMeta(tile_ends(bounds, block_m=block_m, exact_starts=exact_starts),
                    bounds.reshape(-1),
                    group_tiles_bound(rows, segments, block_m), segments)


def count_sorted(values, n: int, bound, *, strict: bool = False, stride: int = 1,
                 offset: int = 0):
  """How many of the n entries values[stride * i + offset] (non-decreasing in i) are <= bound
  (< bound with strict), int32. `values` is a ref (the kernel's scalar loads from global
  memory), an array, or `Values` (then every entry is compared: no indexing). Two rounds of independent loads, not a binary search's log2(n) dependent
  ones: every w-th entry (w = ceil(sqrt(n))), which counts the whole blocks of w in, then the
  first w - 1 entries of the block after them; ~2 sqrt(n) loads."""
  def inside(i):         # entry i counted (none past the n-th)
    value = values[jnp.minimum(i, n - 1) * stride + offset]
    return ((value < bound) if strict else (value <= bound)) & (i < n)

  def count(indices):
    return sum(inside(i).astype(jnp.int32) for i in indices)
  if n == 0:
    return jnp.int32(0)
  if isinstance(values, Values):   # scalars at hand: compare them all, no indexing
    return sum(((v < bound) if strict else (v <= bound)).astype(jnp.int32)
               for v in values.values[offset::stride][:n])
  w = math.isqrt(n - 1) + 1
  blocks = count(jnp.int32(j * w + w - 1) for j in range(-(-n // w)))   # whole blocks in
  return blocks * w + count(blocks * w + j for j in range(w - 1))       # (a block's last: out)


@dataclasses.dataclass(frozen=True)
class Meta:
  """How the kernel reads a launch's metadata: `bound(g, side)`, the start (side 0) or end (1)
  of segment g; `tile(m)`, row tile m's (first, last, first row): the first and last group
  (tiles="groups": segment) whose rows it may meet (last < first: none) and where its rows
  start; `counts()`, tiles="groups": (tiles in use, tiles of the groups). Three forms:
  - rows tiles (`bounds_ref`: `segment_bounds` [2 * G], flat): tile m holds rows m * block_m +
    [0, block_m); first: the groups that end at or before it, last: those that start before its
    end, less one; each a search of the bounds (`count_sorted`).
  - tiles="groups" (`ends_ref`: `tile_ends` [S]; `bounds_ref` [2 * S]): tile m is in the
    segment where the running tile count first exceeds m (a search), its rows start at the
    segment's first tile's first row (`segment_first_row`: with `exact_starts` the segment's
    first row, else that rounded down to 8), plus block_m per tile of the segment before it.
  - masked rows tiles with `m_max` > 0 (M_max a multiple of block_m; `bounds_ref`: masked_m
    [G]): group g owns rows g * M_max + [0, masked_m[g]) (clipped to [0, M_max]) and row tile m
    lies in group m // (M_max / block_m), so the kernel needs no XLA kernel before it (the XLA
    plan's kernels took 1.9-3.6 us beside the 16-bit masked decode rows' kernels on the H200:
    logs/grouped_gemm_session28/ab_snake_run181.log).
  The first two forms read XLA's arrays from global memory, or with `sizes` (a few contiguous
  groups: `support.kernel_meta`; `bounds_ref` holds the G group sizes) the same values computed
  from the sizes where they are used (`sizes_meta`). (Session 36's first form computed them once
  at the kernel's start; run239 had DS_G16_m32_dn's kernel 6.3 us over XLA's form, run240, in
  another process, this form 2.4-2.7 us over; logs/grouped_gemm_session36/.) Works on refs and
  on arrays (the CPU tests check the forms against brute force)."""
  ends_ref: object
  bounds_ref: object
  block_m: int
  num_groups: int
  segments: int = 0
  by_group: bool = False
  m_max: int = 0
  sizes: bool = False
  rows: int = 0
  exact_starts: bool = False

  def _arrays(self):
    """(ends, flat bounds): XLA's, or computed here from the group sizes (`sizes`)."""
    if not self.sizes:
      return self.ends_ref, self.bounds_ref
    return sizes_meta([self.bounds_ref[g] for g in range(self.num_groups)], rows=self.rows,
                      block_m=self.block_m, by_group=self.by_group,
                      zero_segments=self.segments > self.num_groups,
                      exact_starts=self.exact_starts)

  def _masked_rows(self, g):
    """m_max > 0: group g's valid rows, masked_m[g] clipped to [0, M_max]."""
    return jnp.minimum(jnp.maximum(self.bounds_ref[g], 0), self.m_max)

  def bound(self, g, side: int):
    if not self.m_max:
      return self._arrays()[1][2 * g + side]
    start = g * self.m_max
    return start if side == 0 else start + self._masked_rows(g)

  def segment(self, g):
    """(start, end) of segment g: `bound`'s two sides, from one read of the metadata."""
    if not self.m_max:
      bounds = self._arrays()[1]
      return bounds[2 * g], bounds[2 * g + 1]
    return self.bound(g, 0), self.bound(g, 1)

  def counts(self):
    """tiles="groups": (tiles in use, tiles of the groups: the zero segments' follow them)."""
    ends = self._arrays()[0]
    return ends[self.segments - 1], ends[self.num_groups - 1]

  def tile(self, m):
    """Row tile m's (first, last, first row); one search per call: call once per unit."""
    bm = self.block_m
    if self.m_max:
      per_group = self.m_max // bm
      g = lax.div(m, per_group)
      past = self._masked_rows(g) <= lax.rem(m, per_group) * bm
      return g + past.astype(jnp.int32), g, m * bm
    ends, bounds = self._arrays()
    if not self.by_group:
      first = count_sorted(bounds, self.num_groups, m * bm, stride=2, offset=1)
      last = count_sorted(bounds, self.num_groups, m * bm + bm, strict=True, stride=2) - 1
      return first, last, m * bm
    seg = jnp.minimum(count_sorted(ends, self.segments, m), self.segments - 1)
    before = jnp.where(seg > 0, ends[jnp.maximum(seg - 1, 0)], 0)
    return seg, seg, segment_first_row(bounds[2 * seg], self.exact_starts) + (m - before) * bm


def tail_pieces(units, num_ctas: int, split: int):
  """How the units of a launch are dealt to its persistent CTAs: (rounds, pieces). Every CTA
  runs `rounds` whole units (cta, cta + C, ...); the last `units - rounds * C` units (fewer than
  one per CTA) are cut into `pieces` column pieces each, one per CTA: the most pieces, a power
  of two up to `split`, for which there are CTAs enough (else 1). A launch of 8.24 units per
  CTA then ends after about 8.5 units' time rather than 9, one of 1.09 after 1.25 at split 4.
  Works on ints and traced scalars."""
  rounds = units // num_ctas
  rest = units - rounds * num_ctas
  pieces = 1
  for p in piece_counts(split):
    pieces = jnp.where(rest * p <= num_ctas, p, pieces)
  return rounds, pieces


def piece_counts(split: int) -> tuple[int, ...]:
  """The column-piece counts a launch of `split` may cut its last units into (`tail_pieces`):
  the powers of two from 2 up to split; empty for 1."""
  return tuple(2 ** e for e in range(1, split.bit_length()) if 2 ** e <= split)


@dataclasses.dataclass(frozen=True)
class Deal:
  """How a launch's units are dealt to its C persistent CTAs, as slots: CTA c runs slots c,
  c + C, ... below `total`. The first `work_slots` are the work units (those of tiles that run a
  K loop), dealt by `tail_pieces`: rounds of whole units, then the last units as column pieces;
  the zero units (tiles of rows no group owns: only stores) take the slots after them, so they
  fill the CTAs the last work round left idle instead of adding to the work units' tail. With
  `snake`, every odd round runs its slots in reverse CTA order (CTA c gets slot i * C + c in
  round i even, i * C + C - 1 - c in round i odd), so units whose cost alternates along the
  order (the masked layout's row tiles: a group's tile of rows, then its tile past masked_m)
  do not all land on the same half of an even number of CTAs. With `snake_last` too, a last,
  partial round is reversed when it is odd: it then goes to the last CTAs, whose odd rounds
  ran the other kind. Session 69 (H200, one process, 2 rounds, call us,
  benchmarks/results/logs/session69/run462): Gemma's masked decode gate/up on 64-row tiles
  (2816 units on 132 CTAs: 21 whole rounds and 44 units, which had gone to CTAs 0..43, so
  CTAs 0, 2, ..., 42 ran 12 tiles of rows where 1408 / 132 = 10.7) 256.9-257.8 -> 247.8-248.8;
  DS_G16_m32_dn/masked on 64 x 128 tiles (at most 8 tiles of rows a CTA -> 7) 124.0-124.1 ->
  119.7-120.1. Where every row tile is a group's (M_max = block_m: nothing alternates) it was
  slower: DS_G16_m64_gu/masked 222.1-222.3 -> 225.8, its fp8 form 133.7-133.8 -> 134.3-134.4
  kernel us; those keep the last round in CTA order. Fields are ints or traced int32
  scalars."""
  num_ctas: int
  rounds: object
  pieces: object
  work_slots: object
  total: object
  snake: bool = False
  snake_last: bool = False

  @classmethod
  def of(cls, work_units, zero_units, num_ctas: int, split: int, *, snake: bool = False,
         snake_last: bool = False) -> "Deal":
    rounds, pieces = tail_pieces(work_units, num_ctas, split)
    work_slots = rounds * num_ctas + (work_units - rounds * num_ctas) * pieces
    return cls(num_ctas, rounds, pieces, work_slots, work_slots + zero_units, snake,
               snake and snake_last)

  def _place(self, cta, i):
    """CTA cta's place in round i: cta, or C - 1 - cta where the round is reversed."""
    if not self.snake:
      return cta
    reversed_ = lax.rem(i, 2) == 1                     # odd rounds: whole ones, and with
    if not self.snake_last:                            # snake_last the last one too
      reversed_ = reversed_ & (i < self.rounds)
    return jnp.where(reversed_, self.num_ctas - 1 - cta, cta)

  def count(self, cta):
    """How many slots CTA `cta` runs: every round before the last, and the last's (its first
    `used` slots) where the CTA's place in it is among them."""
    last = lax.div(self.total + self.num_ctas - 1, self.num_ctas) - 1   # -1: no slots
    used = self.total - last * self.num_ctas
    return last + (self._place(cta, last) < used).astype(jnp.int32)

  def item(self, cta, i):
    """CTA cta's i-th slot -> `slot`'s (zero unit?, unit, piece, pieces)."""
    return self.slot(i * self.num_ctas + self._place(cta, i))

  def slot(self, s):
    """Slot s -> (zero unit?, unit index among the work or the zero units, piece, pieces)."""
    whole = self.rounds * self.num_ctas
    cut = jnp.maximum(s - whole, 0)
    pieces = jnp.where((s >= whole) & (s < self.work_slots), self.pieces, 1)
    unit = jnp.where(s < whole, s, jnp.where(s < self.work_slots, whole + lax.div(cut, pieces),
                                             s - self.work_slots))
    return s >= self.work_slots, unit, lax.rem(cut, pieces), pieces


# A stream-K CTA runs at least this many K steps (or one unit's): the unit's last CTA adds the
# partial sums of all its CTAs. H200, DS_G1_m1024_gu/masked (12 units left over, 112 K steps
# each; benchmarks/results/logs/grouped_gemm_session30/): 8 steps a CTA (11 CTAs a unit) 125.9
# us (ab_stream_k_run201.json) and 125.6 (masked_gu_configs_run202.json), 16 steps 116.3, 28
# steps (4 CTAs a unit) 115.7 (ab_stream_k_run203.json, one process); the tuning rows were
# measured at 28 (run204). Not re-measured at 28 on DS_G4 (28 units left over) beyond run204.
MIN_STREAM_STEPS = 28


class Span(NamedTuple):
  """The K steps [k_lo, k_hi) of its unit that a CTA's item runs. partial: other CTAs run the
  unit's other steps; the unit's CTAs are first..last (stream-K index `counter` among the
  stream-K units), each writing its float32 partial tile to workspace slot 2 * cta + (0 if
  the unit is its first item, else 1) (`StreamDeal.slot`)."""
  k_lo: object
  k_hi: object
  partial: object = False
  slot: object = 0
  counter: object = 0
  first: object = 0
  last: object = 0


@dataclasses.dataclass(frozen=True)
class StreamDeal:
  """Stream-K dealing (config.stream_k): rounds of whole units (CTA c runs c, c + C, ...), then
  the units left over, fewer than C, laid end to end as one line of K steps cut into `ctas`
  equal ranges, one per CTA, so that the last round ends after about rest / C of a unit's time
  rather than a whole unit's. A CTA's range covers the end of one unit, maybe whole units, and
  the start of another; a unit cut between CTAs is summed by the last of them to finish. Whole
  rounds keep the CTAs at the same K step (units that share a weight tile read it together)
  and cut fewer units. Cutting the last one to two rounds instead was measured only with an
  earlier, spilling sum of the partials (session 30, run197), which slowed the whole-rounds
  form as much (run198): which form is faster with the current sum is not measured. The zero
  units (tiles of rows no group owns) follow, zero unit z on CTA (ctas + z) % C: first on the
  CTAs whose stream-K range is empty, which are idle after the whole rounds. Same interface as
  `Deal`, plus each item's `Span`. Works on ints and traced int32 scalars."""
  num_ctas: int
  k_steps: int
  rounds: object     # whole rounds
  sk_units: object   # stream-K units (< C), after the rounds' units
  ctas: object       # CTAs sharing the stream-K steps (at most C, min_steps each)
  zero_units: object

  @classmethod
  def of(cls, work_units, zero_units, num_ctas: int, k_steps: int,
         min_steps: int = MIN_STREAM_STEPS) -> "StreamDeal":
    work_units = jnp.asarray(work_units, jnp.int32)
    rounds = lax.div(work_units, num_ctas)
    sk_units = work_units - rounds * num_ctas
    ctas = jnp.clip(jnp.maximum(lax.div(sk_units * k_steps, min_steps), sk_units), 1, num_ctas)
    return cls(num_ctas, k_steps, rounds, sk_units, ctas, jnp.asarray(zero_units, jnp.int32))

  @property
  def steps(self):
    """Stream-K steps in all."""
    return self.sk_units * self.k_steps

  def _lo(self, c):
    """The first stream-K step of CTA c's range (CTAs >= ctas have empty ranges)."""
    c = jnp.minimum(c, self.ctas)
    return lax.div(c * self.steps, self.ctas)

  def _cta_of(self, x):
    """The CTA whose range holds stream-K step x: the largest c with _lo(c) <= x."""
    return lax.div((x + 1) * self.ctas - 1, jnp.maximum(self.steps, 1))

  def _items(self, c):
    """Stream-K items (units or parts of units) of CTA c."""
    lo, hi = self._lo(c), self._lo(c + 1)
    return jnp.where(hi > lo, lax.div(hi - 1, self.k_steps) - lax.div(lo, self.k_steps) + 1, 0)

  def _zero_rank(self, cta):
    """CTA cta's place in the zero units' deal: zero unit z runs on the CTA of rank z % C."""
    return lax.rem(cta - self.ctas + self.num_ctas, self.num_ctas)

  def count(self, cta):
    """How many items CTA `cta` runs."""
    zeros = jnp.maximum(lax.div(self.zero_units - self._zero_rank(cta) + self.num_ctas - 1,
                                self.num_ctas), 0)
    return self.rounds + self._items(cta) + zeros

  def slot(self, c, u):
    """The workspace slot where CTA c writes its partial of stream-K unit u."""
    return 2 * c + (lax.div(self._lo(c), self.k_steps) != u).astype(jnp.int32)

  def item(self, cta, i):
    """CTA cta's i-th item -> (zero unit?, unit index among the work or zero units, 0, 1, Span)
    (the piece fields of `Deal.item`: stream-K cuts no column pieces)."""
    k = self.k_steps
    j = i - self.rounds                       # stream-K item, if 0 <= j < _items(cta)
    lo, hi = self._lo(cta), self._lo(cta + 1)
    u = lax.div(lo, k) + j                    # stream-K unit
    in_sk = (j >= 0) & (j < self._items(cta))
    first, last = self._cta_of(u * k), self._cta_of(u * k + k - 1)
    span = Span(k_lo=jnp.where(in_sk, jnp.maximum(lo - u * k, 0), 0),
                k_hi=jnp.where(in_sk, jnp.minimum(hi - u * k, k), k),
                partial=in_sk & (last > first), slot=2 * cta + (j > 0).astype(jnp.int32),
                counter=u, first=first, last=last)
    zero = j >= self._items(cta)
    unit = jnp.where(j < 0, i * self.num_ctas + cta,
                     jnp.where(zero, (j - self._items(cta)) * self.num_ctas
                               + self._zero_rank(cta),
                               self.rounds * self.num_ctas + u))
    return zero, unit, jnp.int32(0), jnp.int32(1), span


def unit_tile(u, used, st: Static):
  """Unit u -> (row tile, column tile): bands of `band` row tiles, row tile fastest in a band;
  `used` row tiles (the last band may be narrower)."""
  per_band = st.band * st.n_tiles
  band = lax.div(u, per_band)
  width = jnp.minimum(st.band, used - band * st.band)
  r = lax.rem(u, per_band)
  return band * st.band + lax.rem(r, width), lax.div(r, width)


def work_item(i, cta, deal: Deal | StreamDeal, work, used, st: Static):
  """CTA cta's i-th unit: (row tile, column tile, piece, its unit's pieces, its K steps as a
  `Span`). The `work` first row tiles run K loops, the rest of the `used` ones (zero segments)
  only store; `deal` says which of their units (or column pieces, or K ranges) is this CTA's
  i-th."""
  zero, u, piece, pieces, *span = deal.item(cta, i)
  span = span[0] if span else Span(0, st.k_steps)
  m, n = unit_tile(u, jnp.where(zero, used - work, work) if st.by_group else work, st)
  return m + jnp.where(zero, work, 0), n, piece, pieces, span
