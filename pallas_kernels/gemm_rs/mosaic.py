"""GEMM + reduce-scatter fused in one Mosaic GPU kernel per rank (inside shard_map).

On rank r of the `axis_name` axis (size tp): a [M, K/tp], b [K/tp, N] -> [M/tp, N], the rows
[r * M/tp, (r + 1) * M/tp) of the sum over ranks of a_r @ b_r (DESIGN.md §2).

Push, not pull: every rank computes the output tiles of all tp row blocks of its partial product
and, as each tile finishes, adds it into the owner's accumulator (float32, or the input dtype:
`GemmRsFusedConfig.accumulate`) in the owner's memory with a TMA reduce-add (`plgpu.remote_ref`
over NVLink, no multicast), so the traffic of the reduce-scatter runs under the GEMM of the tiles
after it. The semaphore is GMEM scratch that Pallas zero-initialises for every call. Rank r visits the blocks in the order
r+1, r+2, ..., r (`step_owner`), so at any moment the ranks push to different owners.

Synchronisation is one global semaphore per rank, counted up, never decremented:
  1. each consumer warpgroup zeroes its share of the local accumulator, waits for those stores
     to complete, and signals every rank; nobody pushes before all 2 * C * tp signals of this
     phase have arrived (C CTAs per rank, two consumer warpgroups each);
  2. after its last push has completed (not merely been read from shared memory) each consumer
     warpgroup signals every rank again; the kernel ends only when all 4 * C * tp signals are in,
     so the accumulator XLA reads after it holds every rank's contribution.
All C CTAs must be resident at once (one per SM, C <= the SM count) since they wait on each other,
and every rank must run the kernel concurrently (one process driving all local GPUs).

A K shard of no whole number of 64-column steps (K = 29568 at tp 4: 7392 = 115.5 x 64) is read
where it is: b's last box reaches past its last row and a's loads go through the untiled view of
its ring (`_mgpu.operand_ring`) past its last column, TMA filling both with zeros. Until session
52 a was zero-padded first; at K = 29568, tp 4 on 4 H100s the pad cost 85 us a call, and the
call's span went 1508.4 / 1506.2 -> 1439.5 / 1446.6 us without it
(benchmarks/results/logs/gemm_rs_session52/run366, one process, 2 rounds).

The TMA producer, the two wgmma consumers (rows split) and the K ring follow the grouped GEMM
(pallas_kernels/grouped_gemm/mosaic.py); the epilogue sends 64 x 64 chunks of the accumulator dtype
through two alternating shared-memory buffers per consumer. With `GemmRsFusedConfig.deferred` a
unit's chunks wait in registers (as the input dtype) and go out under the next unit's K steps,
spread evenly over them (`_mgpu.spread_spacing`), so that the tensor cores keep running while the
pushes (and the waits for their buffers) go on. The spread matters: all CTAs finish their units at about
the same time, and when each issued its chunks within a few K steps of each other
(`_mgpu.FLUSH_SPACING`, 2, as the grouped GEMM's local stores do) the whole GPU's pushes left in
one burst and the consumers waited for their buffers behind NVLink. On 4 H100s (session 50,
benchmarks/results/logs/gemm_rs_session50/run357, one process per shape; n256/s4/in/d, device
span per call), M = N = 8192: K = 8192, tp 4: 566.6 -> 502.7 us; tp 2: 904.2 -> 853.3 (kernel
866.8 -> 798.5); K = 29568, tp 4: 1594.0 -> 1502.6; tp 2 (shipped timed in run356, the run
before): 2922.9 -> 2693.6. The same kernel with its pushes made local adds and no cross-GPU
semaphore (every rank alone, a wrong result; run356) spans 469.5 / 810.8 / 1451.0 / 2718.6 us,
so little of the pushes' cost is left.
Before the spread the deferred form was faster on only 29 of session 49's 46 (shape, tp); since,
on all four of issue 5's bar rows (run358, 6-12% by wall). The table keeps whichever it measured
faster.

Every bar shape has 2048 units (M x N / (128 x 256)): 15 waves of 132 CTAs and 68 units more, so
in the last round 64 SMs idle. `GemmRsFusedConfig.split_tail` cuts those 68 units along K into
132 runs of 59-60 steps (tp 4, K = 29568) instead (`fused_deal`: the grouped GEMM's
`plan.StreamDeal`). On 4 H200s (session 76,
benchmarks/results/logs/session76/ab_summary.log, runs 500-502, both orders of the two configs
in each run), K = 29568 at tp 4: span 1350.2-1368.3 against 1383.2-1422.0 us in 6 of 6, back
to back 1660.7 / 1683.8 against 1716.7 / 1738.4, wall a tie (medians 1628.3 / 1628.5);
M = 16384 at tp 4 and both bar shapes at tp 2 faster by span too, 8192^3 at tp 4 level. But
M = 2048 at tp 4 (512 units: 3 waves and 116 more, runs of 101-102 steps) is 9.5% slower by
span: the tail's runs start at different K steps, so the CTAs at work at once no longer read
the same b columns at the same K step, and b (29 column blocks x 7392 rows, 110 MB) does not
stay in L2 (a reasoning, not measured). Not the default; the table takes it where a sweep
measures it faster. `GemmRsFusedConfig.tail_segments` cuts the tail so that the CTAs at work
at once read the same K ranges: each tail unit in s equal K segments, dealt every unit's first
segment first (at most two segments in one round where the tail has half as many units as
CTAs or more); on the bar shapes s = 3, two rounds of 39 steps (K = 29568, tp 4) for the 60 of
split_tail and the 116 of whole units, and none at M = 2048 (whole units end soonest there:
the kernel is then n256/s4/in/d's). Written in session 76 after the device time was spent;
its multi_gpu tests passed at tp 2 in session 77 (run503; not yet run at tp 4). Session 77's tp 2
sweep (benchmarks/results/h200x2/gemm_reduce_scatter_sweep.json, the mean of two runs a path)
put split_tail in the table on 6 shapes and tail_segments on 5.

`GemmRsFusedConfig.cluster` = 2 runs the CTAs in clusters of two on adjacent row tiles of one
column tile, each CTA loading half of their b box and multicasting it to both (TMA multicast
inside the cluster, on chip; no NVLink multicast), so that the SMs ask L2 for a third fewer
bytes per K step (for two units, two 16 KB a boxes and one 32 KB b box instead of two of each:
arithmetic, not a measured L2 figure). On 2 H200s (session 78, benchmarks/results/logs/session78/: run508-514, merge.py's log),
tp 2, nine shapes timed twice in either order, the best config with the cluster against the best
without: per-device kernel time (CUPTI) 0.9-5.4% less on all nine, span less on 7, wall clock
less on 6; 8192 x 8192 x 29568 2940.4 against 3012.8 us by wall, 2517.2 against 2574.6 by span.
In one run of every tp 2 sweep shape it runs (20 of 23: not M = 256), the best config with the
cluster took less kernel time on 16, more on 3 (at most 1.3%), but less wall clock on only 11
(0.889-1.111x: the wall clock's noise on small calls is larger than the gain). Dispatched back
to back for 2 s (run510), /t/c2 against /t: 942.4 against 961.1 us (8192^3), 3032.2 against
3094.4 (K = 29568). As in every launch of this kernel, all its CTAs
must be resident at once (they wait on each other): the H200's 132 SMs held 66 clusters of two
(26 multi_gpu tests at tp 2, run508). Not yet run at tp 4.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu
from pallas_kernels._config import repr_leaving_out
from pallas_kernels.grouped_gemm.plan import Deal, Span, StreamDeal

__all__ = ["GemmRsFusedConfig", "SegmentDeal", "cluster_unit_coords", "deal_run", "fused_deal",
           "gemm_reduce_scatter_fused", "launch_ctas", "step_owner", "tail_segments_used",
           "unit_coords", "unsupported_reason", "zero_chunks"]

_F32 = jnp.float32
STREAM_MIN_STEPS = 1   # split_tail: K steps a CTA's stream-K range has at least (`fused_deal`)
_CHUNK = _mgpu.EPI_COLS  # rows and columns of one accumulator chunk (zeroing and the epilogue)


@dataclasses.dataclass(frozen=True, kw_only=True)
class GemmRsFusedConfig:
  """block_m x block_n output tiles (two consumer warpgroups of 64 rows each), block_k = 64,
  a num_stages-deep operand ring.

  accumulate: the dtype of the owner's accumulator and of the pushed tiles. "float32" adds the
  tp partial products in float32 (the result is cast to the input dtype after the kernel);
  "input" adds them in the input dtype, as NCCL's reduce-scatter of the unfused path does (tp - 1
  roundings), for half the NVLink and HBM bytes, no cast, and room for a 4-deep ring. With
  tp > 2 the pushes land in whatever order the ranks finish, so "input" results are not bitwise
  reproducible between calls (seen on 4 H200s: 1.2-2.4e-3 relative difference between two calls,
  about one bf16 rounding); "float32" rounds once, after every add.

  deferred: a unit's pushes are issued during the next unit's K steps (its 64-column chunks
  spread evenly over them: `_mgpu.spread_spacing`) instead of after its K loop; the waiting tile
  is held in registers in the input dtype, so it needs accumulate="input" (a float32 tile beside
  the running accumulator would not fit the consumer's 232 registers at block_n 256).

  split_tail: the units past the last whole wave (units % CTAs of them) are cut along K into one
  run of steps per CTA, every CTA's run the same length to within a step (`fused_deal`), instead
  of one whole unit each on that many CTAs while the others idle; a unit cut between two CTAs is
  pushed by both (its owner adds the two partial tiles). With fewer units than CTAs, every CTA
  takes a share of all of them (split K).

  tail_segments: instead (> 1), each unit past the last whole wave is cut into this many equal
  runs of K steps, dealt round robin segment by segment (every unit's first segment, then every
  unit's second, ...), so that the CTAs at work at once read at most two K ranges of the same
  operands; used only where it shortens the slowest CTA's steps (`tail_segments_used`)."""

  IMPL: ClassVar[str] = "fused"
  block_m: int = 128
  block_n: int = 256
  block_k: int = 64
  num_stages: int = 3
  accumulate: str = "float32"
  deferred: bool = False
  split_tail: bool = False
  tail_segments: int = 1
  cluster: int = 1

  def __post_init__(self):
    if self.block_m != 128:   # two consumers of 64 rows: one 64 x 64 accumulator chunk each
      raise ValueError(f"GemmRsFusedConfig.block_m must be 128, got {self.block_m!r}")
    if self.block_n % _CHUNK or not _CHUNK <= self.block_n <= 256:
      raise ValueError(f"GemmRsFusedConfig.block_n must be a multiple of 64 in 64..256, "
                       f"got {self.block_n!r}")
    if self.block_k != 64:
      raise ValueError(f"GemmRsFusedConfig.block_k must be 64, got {self.block_k!r}")
    if not isinstance(self.num_stages, int) or not 2 <= self.num_stages <= 6:
      raise ValueError(f"GemmRsFusedConfig.num_stages must be in 2..6, got {self.num_stages!r}")
    if self.accumulate not in ("float32", "input"):
      raise ValueError(f"GemmRsFusedConfig.accumulate must be 'float32' or 'input', got "
                       f"{self.accumulate!r}")
    if self.deferred is not False and (self.deferred is not True or self.accumulate != "input"):
      raise ValueError(f"GemmRsFusedConfig.deferred=True needs accumulate='input' (the waiting "
                       f"tile is held in registers in the input dtype), got deferred="
                       f"{self.deferred!r} with accumulate={self.accumulate!r}")
    if not isinstance(self.split_tail, bool):
      raise ValueError(f"GemmRsFusedConfig.split_tail must be a bool, got {self.split_tail!r}")
    if not isinstance(self.tail_segments, int) or not 1 <= self.tail_segments <= 8:
      raise ValueError(f"GemmRsFusedConfig.tail_segments must be an int in 1..8, got "
                       f"{self.tail_segments!r}")
    if type(self.cluster) is not int or self.cluster not in (1, 2):   # (True == 1)
      raise ValueError(f"GemmRsFusedConfig.cluster must be 1 or 2, got {self.cluster!r}")
    if self.split_tail and self.tail_segments > 1:
      raise ValueError(f"GemmRsFusedConfig: split_tail and tail_segments={self.tail_segments} "
                       f"are two ways to cut the tail; give one")

  def __repr__(self) -> str:
    """The dataclass's repr, leaving out split_tail, tail_segments and cluster while unset (as
    `jaxkern.explain` shows the configs before them)."""
    return repr_leaving_out(self, split_tail=False, tail_segments=1, cluster=1)

  @property
  def name(self) -> str:
    acc = "f32" if self.accumulate == "float32" else "in"
    return (f"n{self.block_n}/s{self.num_stages}/{acc}" + ("/d" if self.deferred else "")
            + ("/t" if self.split_tail else "")
            + (f"/k{self.tail_segments}" if self.tail_segments > 1 else "")
            + (f"/c{self.cluster}" if self.cluster > 1 else ""))

  @classmethod
  def from_name(cls, name: str) -> "GemmRsFusedConfig":
    """The config whose `name` is `name` (e.g. n256/s4/in/d/t/c2); ValueError naming the part
    it cannot read."""
    parts = name.split("/")
    m = re.fullmatch(r"n(\d+)", parts[0]) if parts else None
    s = re.fullmatch(r"s(\d+)", parts[1]) if len(parts) > 1 else None
    if not m or not s or len(parts) < 3 or parts[2] not in ("f32", "in"):
      raise ValueError(f"fused config name {name!r}: expected n<block_n>/s<stages>/f32|in"
                       f"[/d][/t][/k<segments>][/c<cluster>]")
    kw = dict(block_n=int(m[1]), num_stages=int(s[1]),
              accumulate="float32" if parts[2] == "f32" else "input")
    for part in parts[3:]:
      if part == "d":
        kw["deferred"] = True
      elif part == "t":
        kw["split_tail"] = True
      elif re.fullmatch(r"k\d+", part):
        kw["tail_segments"] = int(part[1:])
      elif re.fullmatch(r"c\d+", part):
        kw["cluster"] = int(part[1:])
      else:
        raise ValueError(f"fused config name {name!r}: unknown part {part!r}")
    config = cls(**kw)
    if config.name != name:
      raise ValueError(f"fused config name {name!r}: write it as {config.name!r}")
    return config

  def acc_dtype(self, dtype) -> jnp.dtype:
    return jnp.dtype(_F32 if self.accumulate == "float32" else dtype)


def smem_bytes(config: GemmRsFusedConfig, dtype) -> int:
  """The operand ring of `dtype` plus two 64 x 64 epilogue buffers per consumer."""
  return _mgpu.gemm_smem_bytes(block_m=config.block_m, block_n=config.block_n,
                               block_k=config.block_k, num_stages=config.num_stages,
                               itemsize=jnp.dtype(dtype).itemsize, epi_rows=_CHUNK,
                               epi_itemsize=config.acc_dtype(dtype).itemsize)


def unsupported_reason(config: GemmRsFusedConfig, *, m: int, n: int, k_local: int, tp: int,
                       dtype: str) -> str | None:
  """Why the fused kernel cannot run this per-rank problem (None when it can)."""
  if dtype not in ("bfloat16", "float16"):
    return f"dtype {dtype} (the fused kernel takes bfloat16/float16)"
  if m % tp or (m // tp) % 8:
    return f"M/tp = {m}/{tp} must be a whole multiple of 8 rows (TMA row offsets)"
  if n % _CHUNK:
    return f"N={n} must be a multiple of 64 (the swizzled TMA tiles of b and the accumulator)"
  if k_local % 8:
    return f"K/tp={k_local} must be a multiple of 8"
  if (m_tiles := -(-(m // tp) // config.block_m)) % config.cluster:
    return (f"cluster={config.cluster} needs a whole number of clusters' row tiles per row "
            f"block: M/tp = {m // tp} makes {m_tiles} tiles of {config.block_m} rows")
  return _mgpu.smem_reason(smem_bytes(config, dtype))


def unit_coords(u, *, m_tiles: int, n_tiles: int):
  """Unit u -> (step, m tile in the block, n tile): units run block by block (one block per
  step), m tile fastest. Works on ints and traced scalars."""
  per_block = m_tiles * n_tiles
  r = u % per_block
  return u // per_block, r % m_tiles, r // m_tiles


def cluster_unit_coords(u, position, *, m_tiles: int, n_tiles: int, cluster: int):
  """A cluster's unit u (of tp x m_tiles / cluster x n_tiles, `unit_coords`' order over row
  tiles of `cluster` rows) -> (step, m tile, n tile) of the CTA at `position` in the cluster: the
  cluster's CTAs share the step and the column tile (so b's box) on adjacent row tiles. Works on
  ints and traced scalars."""
  if cluster == 1:
    return unit_coords(u, m_tiles=m_tiles, n_tiles=n_tiles)
  step, m, n = unit_coords(u, m_tiles=m_tiles // cluster, n_tiles=n_tiles)
  return step, m * cluster + position, n


@dataclasses.dataclass(frozen=True)
class SegmentDeal:
  """`GemmRsFusedConfig.tail_segments`' deal, with `plan.StreamDeal`'s interface: rounds of
  whole units (CTA c runs c, c + C, ...), then each of the tail's units % C units cut into
  `segments` equal runs of K steps, dealt on round robin segment by segment (every tail unit's
  first segment, then every one's second, ...), so that the CTAs of one round read adjacent K
  ranges of the same operands. Works on ints and traced scalars."""
  num_ctas: int
  k_steps: int
  rounds: int
  tail_units: int
  segments: int

  def count(self, cta):
    """How many runs CTA `cta` has: its rounds, and the tail's runs cta, cta + C, ... below
    tail_units x segments (floor division: none where cta is past them)."""
    return self.rounds + (self.tail_units * self.segments - 1 - cta) // self.num_ctas + 1

  def item(self, cta, i):
    """CTA cta's i-th run -> (zero unit? (never), unit, 0, 1, its K steps as a `plan.Span`)."""
    c, k, s = self.num_ctas, self.k_steps, self.segments
    q = cta + (i - self.rounds) * c                # the tail's run (i >= rounds)
    seg, j = q // max(self.tail_units, 1), q % max(self.tail_units, 1)
    whole = jnp.asarray(i) < self.rounds
    span = Span(k_lo=jnp.where(whole, 0, seg * k // s),
                k_hi=jnp.where(whole, k, (seg + 1) * k // s))
    return False, jnp.where(whole, cta + i * c, self.rounds * c + j), 0, 1, span


def fused_deal(*, units: int, k_steps: int, num_ctas: int, split_tail: bool = False,
               tail_segments: int = 1):
  """How a launch's units go to its persistent CTAs, as the grouped GEMM's deals do it (`count`
  and `item`; `deal_run` reads an item's unit and K steps). Whole units round robin, unit
  cta + i * num_ctas (`plan.Deal` cutting no pieces), so that the CTAs at work at any moment
  share their operands' rows and columns in L2; with its units past the last whole wave (the
  tail) cut along K:
  - split_tail: `plan.StreamDeal`, the grouped GEMM's stream-K deal: the tail's units % num_ctas
    x k_steps steps, in unit order, cut into equal ranges, one per CTA, a range cut where it
    crosses into the next unit. Every CTA takes a range (at least one step: STREAM_MIN_STEPS),
    not the grouped GEMM's `plan.MIN_STREAM_STEPS`, which prices its sum of the partial tiles
    through a workspace: here the owner's reduce-add sums them, and session 76's A/B ran ranges
    of 3-4 steps on M = 16384 (K = 29568, tp 4) faster than whole units.
  - tail_segments: `SegmentDeal`, where `tail_segments_used` finds a count of segments that ends
    the tail sooner.
  Works on ints and traced scalars."""
  if split_tail:
    return StreamDeal.of(units, 0, num_ctas, k_steps, STREAM_MIN_STEPS)
  segments = tail_segments_used(units=units, k_steps=k_steps, num_ctas=num_ctas,
                                tail_segments=tail_segments)
  if segments > 1:
    return SegmentDeal(num_ctas, k_steps, units // num_ctas, units % num_ctas, segments)
  return Deal.of(units, 0, num_ctas, 1)


def deal_run(deal, cta, i, k_steps: int):
  """CTA `cta`'s i-th item of `fused_deal`'s `deal`, i < deal.count(cta): (unit, first K step,
  end K step); a whole unit where the deal gives no `plan.Span`."""
  _, unit, _, _, *span = deal.item(cta, i)
  span = span[0] if span else Span(0, k_steps)
  return unit, span.k_lo, span.k_hi


def launch_ctas(*, units: int, k_steps: int, num_sms: int, split_tail: bool = False,
                tail_segments: int = 1) -> int:
  """The persistent CTAs of a call: a unit each, up to the SMs; where the tail is cut along K
  (`fused_deal`), as many as can share its steps, up to the SMs."""
  cut = min(num_sms, units * k_steps)
  if split_tail or tail_segments_used(units=units, k_steps=k_steps, num_ctas=cut,
                                      tail_segments=tail_segments) > 1:
    return cut
  return max(1, min(num_sms, units))


def tail_segments_used(*, units: int, k_steps: int, num_ctas: int, tail_segments: int) -> int:
  """The K segments `SegmentDeal` cuts each tail unit into: of 1..`tail_segments`, the count
  that gives the slowest CTA the fewest tail steps (rounds of runs x the longest run; fewer
  segments on a tie, so 1, whole units, unless cutting shortens it)."""
  rem = units % num_ctas
  if rem == 0:
    return 1
  tail = lambda s: -(-rem * s // num_ctas) * -(-k_steps // s)
  return min(range(1, min(tail_segments, k_steps) + 1), key=lambda s: (tail(s), s))


def step_owner(rank, step, tp: int):
  """The row block (= its owner rank) that `rank` computes at `step`: rank + 1 first, its own
  block last, so at every step the tp ranks push to tp different owners."""
  return (rank + 1 + step) % tp


def zero_chunks(rows: int, cols: int) -> tuple[int, int]:
  """(row chunks, column chunks) of _CHUNK x _CHUNK covering a [rows, cols] accumulator."""
  return -(-rows // _CHUNK), -(-cols // _CHUNK)


@dataclasses.dataclass(frozen=True)
class _Static:
  tp: int
  axis_name: str
  block_rows: int      # M / tp
  m_tiles: int         # per block
  n_tiles: int
  k_steps: int
  num_ctas: int        # all CTAs: num_ctas / cluster clusters
  cluster: int
  block_m: int
  block_n: int
  block_k: int
  num_stages: int
  zero_rows: int
  zero_cols: int
  untiled_a: bool      # a's loads through `_mgpu.operand_ring`'s untiled view (K/tp % 64)
  dtype: jnp.dtype
  acc_dtype: jnp.dtype
  deferred: bool
  split_tail: bool
  tail_segments: int


def _kernel(a_ref, b_ref, acc_ref, scratch, *, st: _Static):
  a_ring, b_smem, e_smem, full, free = scratch
  a_smem, a_load = _mgpu.ring_views(a_ring, untiled=st.untiled_a)
  sem = pl.get_global(plgpu.SemaphoreType.REGULAR)
  stages, bk = st.num_stages, st.block_k
  cta, wg = lax.axis_index("cta"), lax.axis_index("wg")   # cta: the cluster with cluster > 1
  position = lax.axis_index("cluster") if st.cluster > 1 else 0
  rank = lax.axis_index(st.axis_name)
  deal = fused_deal(units=st.tp * st.m_tiles * st.n_tiles // st.cluster, k_steps=st.k_steps,
                    num_ctas=st.num_ctas // st.cluster, split_tail=st.split_tail,
                    tail_segments=st.tail_segments)
  my_items = deal.count(cta)

  def item(i):
    """(step, m tile, n tile, first K step, end K step) of this CTA's i-th run of K steps."""
    u, k_lo, k_hi = deal_run(deal, cta, i, st.k_steps)
    return (*cluster_unit_coords(u, position, m_tiles=st.m_tiles, n_tiles=st.n_tiles,
                                 cluster=st.cluster), k_lo, k_hi)

  def signal_all():
    for peer in range(st.tp):
      pl.semaphore_signal(sem, device_id={st.axis_name: peer})

  # With clusters, each CTA loads half of b's box and multicasts it to the cluster's CTAs.
  multicast = {"collective_axes": "cluster"} if st.cluster > 1 else {}

  @pl.when(wg == 2)
  def _producer():
    plgpu.set_max_registers(40, action="decrease")

    def unit(i, count):
      step, m, n, k_lo, k_hi = item(i)
      row0 = step_owner(rank, step, st.tp) * st.block_rows + m * st.block_m

      def step(kk, count):
        slot = _mgpu.producer_slot(count, free, stages)
        plgpu.copy_gmem_to_smem(a_ref.at[pl.ds(row0, st.block_m), pl.ds(kk * bk, bk)],
                                a_load.at[slot], full.at[slot])
        plgpu.copy_gmem_to_smem(b_ref.at[pl.ds(kk * bk, bk), pl.ds(n * st.block_n, st.block_n)],
                                b_smem.at[slot], full.at[slot], **multicast)
        return count + 1
      return lax.fori_loop(k_lo, k_hi, step, count)

    _mgpu.producer_drain(lax.fori_loop(0, my_items, unit, jnp.int32(0)), free, stages)

  @pl.when(wg < 2)
  def _consumer():
    plgpu.set_max_registers(232, action="increase")
    signals = 2 * st.num_ctas * st.tp                 # per phase, into every rank's semaphore

    # Phase 1: zero this warpgroup's chunks of the local accumulator, then tell every rank.
    zero_buf = e_smem.at[wg, 0]
    zero_buf[...] = plgpu.layout_cast(jnp.zeros((_CHUNK, _CHUNK), st.acc_dtype), plgpu.Layout.WGMMA)
    plgpu.commit_smem()
    linear = cta if st.cluster == 1 else cta * st.cluster + position
    worker, workers = linear * 2 + wg, st.num_ctas * 2
    num_chunks = st.zero_rows * st.zero_cols

    @pl.loop(worker, num_chunks, step=workers)
    def _(c):
      zr, zc = lax.div(c, st.zero_cols), lax.rem(c, st.zero_cols)
      plgpu.copy_smem_to_gmem(zero_buf, acc_ref.at[pl.ds(zr * _CHUNK, _CHUNK),
                                                   pl.ds(zc * _CHUNK, _CHUNK)])
    plgpu.wait_smem_to_gmem(0, wait_read_only=False)
    signal_all()
    pl.semaphore_wait(sem, signals, decrement=False)  # every accumulator is zero

    # Phase 2: tiles of the partial product, each added into its owner's accumulator.
    rows = st.block_m // 2
    chunks_per_unit = st.block_n // _CHUNK

    def sends(step, m, n):
      """The `send` of `_mgpu.store_chunk` for this consumer's rows of unit (step, m, n)."""
      out_row = m * st.block_m + wg * rows

      def send(buf, c, chunk):
        del chunk
        dst = (pl.ds(out_row, rows), pl.ds(n * st.block_n + c * _CHUNK, _CHUNK))
        # A remote TMA descriptor is built on the host, so its peer must be a function of the
        # rank alone: one branch per static step s, owner (rank + 1 + s) % tp.
        for s in range(st.tp):
          @pl.when(step == s)
          def _():
            owner = plgpu.remote_ref(acc_ref, {st.axis_name: step_owner(rank, s, st.tp)})
            plgpu.copy_smem_to_gmem(buf, owner.at[dst], reduction_op="add")
      return send

    def flushes(pending, stores):
      """A deferred unit's chunk pushes (`_mgpu.chunk_flushes`)."""
      chunks, step, m, n, live = pending
      return _mgpu.chunk_flushes(chunks, e_smem.at[wg], stores, sends(step, m, n),
                                 lambda c: live)

    def unit(i, carry):
      count, stores, pending = carry
      step, m, n, k_lo, k_hi = item(i)
      after = flushes(pending, stores) if st.deferred else ()

      def acc_scope(acc_ref_):
        mma = lambda slot: plgpu.wgmma(acc_ref_, a_smem.at[slot].at[pl.ds(wg * rows, rows)],
                                       b_smem.at[slot])
        end = _mgpu.consume(k_hi - k_lo, count, full, free, stages, mma, after_steps=after,
                            spacing=_mgpu.spread_spacing(st.k_steps, chunks_per_unit))
        return end, acc_ref_[...]
      count, acc = pl.run_scoped(acc_scope, plgpu.ACC((rows, st.block_n), _F32))
      if st.deferred:
        stores = stores + jnp.where(pending[-1], chunks_per_unit, 0)
        chunks = tuple(_mgpu.epi_chunks(acc.astype(st.acc_dtype)))
        return count, stores, (chunks, step, m, n, jnp.bool_(True))
      _mgpu.store_chunks(acc, e_smem.at[wg], stores, sends(step, m, n))
      return count, stores + chunks_per_unit, pending

    if st.deferred:
      z = jnp.int32(0)
      pending = ((_mgpu.zero_chunk(rows, st.acc_dtype),) * chunks_per_unit, z, z, z,
                 jnp.bool_(False))
    else:
      pending = ()
    _, stores, pending = lax.fori_loop(0, my_items, unit, (jnp.int32(0), jnp.int32(0), pending))
    if st.deferred:     # the last unit's pushes
      for flush in flushes(pending, stores):
        flush()
    plgpu.wait_smem_to_gmem(0, wait_read_only=False)   # every add has landed, not just been read
    signal_all()
    pl.semaphore_wait(sem, 2 * signals, decrement=False)   # every rank's adds into ours landed


def gemm_reduce_scatter_fused(a, b, *, axis_name: str, tp: int,
                              config: GemmRsFusedConfig = GemmRsFusedConfig(), num_sms: int):
  """Inside shard_map over `axis_name` (size tp): a [M, K/tp], b [K/tp, N] -> [M/tp, N] in
  `config.acc_dtype(a.dtype)`, this rank's rows of sum_r a_r @ b_r. `num_sms`: the persistent
  CTAs (at most the SM count: the CTAs wait on each other)."""
  m, k_local = a.shape
  n = b.shape[1]
  dtype = jnp.dtype(a.dtype)
  reason = unsupported_reason(config, m=m, n=n, k_local=k_local, tp=tp, dtype=dtype.name)
  if reason is not None:
    raise NotImplementedError(f"gemm_reduce_scatter(impl='fused'): {reason}")
  block_rows = m // tp
  m_tiles, n_tiles = -(-block_rows // config.block_m), -(-n // config.block_n)
  zr, zc = zero_chunks(block_rows, n)
  k_steps = -(-k_local // config.block_k)
  units = tp * m_tiles * n_tiles
  ctas = config.cluster * launch_ctas(
      units=units // config.cluster, k_steps=k_steps, num_sms=num_sms // config.cluster,
      split_tail=config.split_tail, tail_segments=config.tail_segments)
  st = _Static(tp=tp, axis_name=axis_name, block_rows=block_rows, m_tiles=m_tiles,
               n_tiles=n_tiles, k_steps=k_steps, num_ctas=ctas, cluster=config.cluster,
               block_m=config.block_m, block_n=config.block_n, block_k=config.block_k,
               num_stages=config.num_stages,
               zero_rows=zr, zero_cols=zc, untiled_a=_mgpu.untiled_copies(k_local, dtype),
               dtype=dtype, acc_dtype=config.acc_dtype(dtype),
               deferred=config.deferred, split_tail=config.split_tail,
               tail_segments=config.tail_segments)
  op_tf, acc_tf = _mgpu.swizzled(dtype), _mgpu.swizzled(st.acc_dtype)

  def entry(a_ref, b_ref, acc_ref):
    smem = (_mgpu.operand_ring((st.num_stages, st.block_m, st.block_k), dtype,
                               untiled=st.untiled_a),
            plgpu.SMEM((st.num_stages, st.block_k, st.block_n), dtype, transforms=op_tf),
            plgpu.SMEM((2, 2, _CHUNK, _CHUNK), st.acc_dtype, transforms=acc_tf))
    # free: a slot's release by the consumers (with clusters, of every CTA of the cluster: the
    # next fill multicasts into all of them).
    free = (plgpu.ClusterBarrier(collective_axes=("cluster",), num_arrivals=2,
                                 num_barriers=st.num_stages) if st.cluster > 1
            else plgpu.Barrier(num_arrivals=2, num_barriers=st.num_stages))
    barriers = (plgpu.Barrier(num_arrivals=2, num_barriers=st.num_stages), free)
    pl.run_scoped(lambda *s: _kernel(a_ref, b_ref, acc_ref, (*s[0], *s[1]), st=st),
                  smem, barriers, collective_axes="wg")

  clusters = (dict(cluster=(st.cluster,), cluster_names=("cluster",)) if st.cluster > 1
              else {})
  return plgpu.kernel(
      entry, out_type=jax.ShapeDtypeStruct((block_rows, n), st.acc_dtype),
      grid=(st.num_ctas // st.cluster,), grid_names=("cta",), num_threads=3, thread_name="wg",
      **clusters)(a, b)
