"""Configs of the grouped-GEMM implementations."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

XLA_METHODS = ("ragged_dot", "tiled", "batched")


@dataclasses.dataclass(frozen=True, kw_only=True)
class GroupedGemmXlaConfig:
  """XLA paths.

  method:
    "ragged_dot": `lax.ragged_dot` (contiguous layout; XLA may expand it to a dense masked dot,
                  G times the FLOPs, so it only pays for few groups).
    "tiled":      contiguous layout as (m-tile, group) work items (at most cdiv(M, block_m) + G - 1),
                  `items_per_step` of them per loop step: FLOPs within one tile of the valid rows.
    "batched":    masked layout: one batched dot over [G, M_max, K] (cuBLAS batched on GPU).
  """

  IMPL: ClassVar[str] = "xla"
  method: str = "tiled"
  block_m: int = 128
  items_per_step: int = 8

  def __post_init__(self):
    if self.method not in XLA_METHODS:
      raise ValueError(f"GroupedGemmXlaConfig.method must be one of {XLA_METHODS}, got {self.method!r}")
    for name in ("block_m", "items_per_step"):
      value = getattr(self, name)
      if not isinstance(value, int) or value < 1:
        raise ValueError(f"GroupedGemmXlaConfig.{name} must be a positive int, got {value!r}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class GroupedGemmPallasConfig:
  """Config of the Mosaic GPU grouped GEMM (pallas_kernels/grouped_gemm/mosaic.py).

  A CTA tile is `block_m` rows x `block_n` columns of the output; its two consumer warpgroups
  share it by rows (`split="m"`: block_m / 2 rows each) or by columns (`split="n"`: block_n / 2
  columns each); a warpgroup's share is a multiple of 64 rows and at most 256 columns.
  block_k: K per pipeline step, one 128-byte swizzle row: 64 for bf16/fp16, 128 for fp8 (also
  the K block of its 1D2D scales). num_stages: depth of the
  operand ring in shared memory. band: m-tiles per band of the launch order (within a band the
  m-tiles of one n-tile run next to each other, so tiles of a group read its weights together).
  tiles: "rows" cuts the flat rows into tiles at multiples of block_m (a tile across a group
  boundary runs both groups' K loops); "groups" gives every group its own tiles (starting at its
  first row rounded down to 8, so neighbours' tiles overlap by < 8 rows; at its first row with
  16-bit row stores, `support.exact_starts`), each writing exactly
  its group's rows of the result: each weight tile is read once per tile of its group and no
  tile runs two groups' K loops (README.md beside mosaic.py).
  stream_k (tiles="groups" only): the work units left after the launch's whole rounds (fewer
  than its CTAs) are split along K so that every CTA runs about the same number of K steps; a
  unit split between CTAs is summed in float32 through global memory by the last of them to
  finish (`plan.StreamDeal`). Without it those units run whole or as column pieces.
  lhs_boxes: how a K step loads the tile's lhs rows up to the last one its group needs (rows
  past it are never read). "one": one TMA box of a power-of-two number of 8-row tiles (a group's
  72-row end loads 128 rows). "exact": boxes of the binary digits of its 8-row tile count (72:
  64 + 8), with a plain barrier arrival for each digit it does not take, so every step costs
  one producer copy or arrival per binary digit of block_m/8 (5 at block_m = 128). H200,
  kernel us, one process (session 44, run315): DS_G16_m64_gu 230.6-231.1 -> 224.4-225.8, its
  masked form 226.8 -> 224.1-225.0, Gm_decode_gu level, but Gm_prefill_gu 820.0-821.6 ->
  856.4-860.4, Gm_prefill_dn 403.9-405.2 -> 410.7-412.0, DS_G16_m64_gu/fp8 131.9-132.2 ->
  134.2-134.4: the tuning table picks per row (session 45's run323: level on
  DS_G16_m32_dn/masked, Gemma's masked decode rows 0.3-0.6% slower).
  sk_partials (stream_k only): how a CTA lays out its float32 partial tile in global memory.
  "tile": the tile's own rows and columns, each thread storing the pairs of columns it holds (a
  warp's store covers 32 bytes of 8 rows); "lanes" (64-row consumers): each thread's registers
  interleaved with its warpgroup's (a warp's store covers 256 contiguous bytes). Which is faster
  depends on the launch (session 31, H200: "lanes" 3.1-3.8 us ahead on DS_G1_m1024_gu/masked,
  3.0-5.2 behind on DS_G4_m256_gu/masked, whose cut units are half tiles; session 36's configs
  run had "lanes" ahead there too, 111.7 vs 136.3 us, "tile" having slowed since), so the tuning
  table picks.
  segment_stores (tiles="groups" only): how a tile writes exactly its segment's rows [lo, hi)
  of each 64-column output chunk. "swizzled": the chunk goes through a 128-byte swizzled buffer,
  its whole 8-row tiles out by TMA boxes and the at most 7 rows at either end (which share an
  8-row tile with the next segment) by ordinary stores from registers. "rows": the buffer is
  allocated without transforms (`_mgpu.operand_ring(swizzle=False)`: plain under jax 0.10;
  the H200's jax 0.11 infers (1, 64) tiles with the 128-byte swizzle) and every row of [lo, hi)
  goes out by TMA boxes of 64, 32, ..., 1 rows, none from registers. H200, one process, 2 rounds, kernel
  us (session 65, benchmarks/results/logs/session65/run446): Gm_decode_dn 126.1-126.2 ->
  124.3-124.5, DS_G16_m32_dn 115.5-115.8 -> 114.5-115.0, Gm_prefill_gu 804.4-804.9 ->
  802.1-802.7, Gm_decode_gu level; with the register stores skipped (wrong by design, run445)
  Gm_decode_dn ran 119.5-119.6, so most of what they cost is left. The tuning table picks.
  "rows" needs the output's N (N/2 with SwiGLU) whole 64 columns (`support.unsupported_reason`).
  fp8 group tiles defer their stores only with "rows" (`support.deferred_stores`, session 67).
  """

  IMPL: ClassVar[str] = "pallas"
  block_m: int = 128
  block_n: int = 256
  block_k: int = 64
  num_stages: int = 3
  split: str = "m"
  band: int = 8
  tiles: str = "rows"
  stream_k: bool = False
  sk_partials: str = "tile"
  lhs_boxes: str = "one"
  segment_stores: str = "swizzled"

  def __post_init__(self):
    if self.tiles not in ("rows", "groups"):
      raise ValueError(f"GroupedGemmPallasConfig.tiles must be 'rows' or 'groups', "
                       f"got {self.tiles!r}")
    if self.split not in ("m", "n"):
      raise ValueError(f"GroupedGemmPallasConfig.split must be 'm' or 'n', got {self.split!r}")
    if self.block_k not in (64, 128):
      raise ValueError(f"GroupedGemmPallasConfig.block_k must be 64 (bf16/fp16) or 128 (fp8), "
                       f"got {self.block_k!r}")
    rows, cols = self.wg_tile
    if rows % 64 or rows < 64:
      raise ValueError(f"GroupedGemmPallasConfig: each consumer's rows ({rows}) must be a "
                       f"multiple of 64 (block_m={self.block_m}, split={self.split!r})")
    if cols % 64 or not 64 <= cols <= 256:
      raise ValueError(f"GroupedGemmPallasConfig: each consumer's columns ({cols}) must be a "
                       f"multiple of 64 in 64..256 (block_n={self.block_n}, split={self.split!r})")
    if not isinstance(self.num_stages, int) or not 2 <= self.num_stages <= 8:
      raise ValueError(f"GroupedGemmPallasConfig.num_stages must be in 2..8, "
                       f"got {self.num_stages!r}")
    if not isinstance(self.stream_k, bool):
      raise ValueError(f"GroupedGemmPallasConfig.stream_k must be a bool, got {self.stream_k!r}")
    if self.stream_k and self.tiles != "groups":
      raise ValueError("GroupedGemmPallasConfig: stream_k=True needs tiles='groups' (a unit split "
                       "along K must lie inside one group)")
    if self.lhs_boxes not in ("one", "exact"):
      raise ValueError(f"GroupedGemmPallasConfig.lhs_boxes must be 'one' or 'exact', "
                       f"got {self.lhs_boxes!r}")
    if self.sk_partials not in ("tile", "lanes"):
      raise ValueError(f"GroupedGemmPallasConfig.sk_partials must be 'tile' or 'lanes', "
                       f"got {self.sk_partials!r}")
    if self.sk_partials == "lanes" and not self.stream_k:
      raise ValueError("GroupedGemmPallasConfig: sk_partials='lanes' needs stream_k=True")
    if self.sk_partials == "lanes" and rows != 64:
      raise ValueError(f"GroupedGemmPallasConfig: sk_partials='lanes' needs 64-row consumers "
                       f"(block_m={self.block_m}, split={self.split!r} gives {rows})")
    if self.segment_stores not in ("swizzled", "rows"):
      raise ValueError(f"GroupedGemmPallasConfig.segment_stores must be 'swizzled' or 'rows', "
                       f"got {self.segment_stores!r}")
    if self.segment_stores == "rows" and self.tiles != "groups":
      raise ValueError("GroupedGemmPallasConfig: segment_stores='rows' needs tiles='groups' (row "
                       "tiles store whole tiles)")
    if not isinstance(self.band, int) or self.band < 1:
      raise ValueError(f"GroupedGemmPallasConfig.band must be a positive int, got {self.band!r}")

  @property
  def wg_tile(self) -> tuple[int, int]:
    """(rows, columns) of one consumer warpgroup's accumulator."""
    if self.split == "m":
      return self.block_m // 2, self.block_n
    return self.block_m, self.block_n // 2
