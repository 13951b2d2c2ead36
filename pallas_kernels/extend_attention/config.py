"""Configs of the extend-attention implementations."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from pallas_kernels._config import repr_leaving_out

WG_ROWS = 64  # query rows of one consumer warpgroup's wgmma tile in the Mosaic GPU kernel


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtendAttentionXlaConfig:
  """The blocked XLA path: query blocks of `block_q` rows of one sequence, an online softmax over
  key blocks of `block_kv` keys (prefix blocks rounded up to whole pages). Peak scratch per step is
  about (cdiv(T, block_q) + B) * block_q * Hq * block_kv * 4 bytes of scores.
  """

  IMPL: ClassVar[str] = "xla"
  block_q: int = 64
  block_kv: int = 512

  def __post_init__(self):
    for name in ("block_q", "block_kv"):
      value = getattr(self, name)
      if not isinstance(value, int) or value < 1:
        raise ValueError(f"ExtendAttentionXlaConfig.{name} must be a positive int, got {value!r}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtendAttentionPallasConfig:
  """Config of the Mosaic GPU kernel.

  tiles: "global" (prefill) or "sequence" (decode / verify), see the module docstring.
  consumers: consumer warpgroups per CTA; a tile is 64 * consumers packed rows.
  block_kv: keys per pipeline step. num_stages: depth of the K/V shared-memory ring.
  num_splits: CTAs sharing one tile's key steps ("sequence" tiles only), merged in XLA.
  tile_order: the order in which CTAs of "global" tiles are launched (KV heads innermost):
    "index" (tiles from the last: neighbouring CTAs read the same keys) or "cost" (tiles by key
    steps, heaviest first; a ranking in XLA). The cost order evens out small batches of several
    sequences, where the last tiles are not the heaviest; on larger batches it loses more to
    keys read by fewer CTAs at once than it gains (measured: tuning table). "position": the
    cost order estimated from static facts alone, taking every sequence to be `max_extend_len`
    tokens long, back to back from row 0 (tiles by the position of their last token in such a
    sequence, latest first); a constant array, so no ranking kernels run in XLA. Exact for a
    batch of equal chunks; a ragged batch still gets every tile, in a less even order.
  overlap: each consumer issues Q·Kᵀ of key block j and P·V of block j - 1 together and runs the
    softmax of block j while the P·V is still on the tensor cores (FlashAttention-3's
    intra-warpgroup pipelining); one more bf16 P tile of registers per consumer.
  persistent_ctas: global tiles only; 0 launches one CTA per (tile, KV head). n > 0 launches n
    persistent CTAs (the rule uses the SM count) that run the items of that launch order as
    plan.persistent_deal deals them at trace time (a list schedule on estimated costs, the last
    one or more waves' worth of items heaviest first, plan.deal_waves): the K/V ring runs on
    across a CTA's items (the next item's first blocks load during this one's last steps), the
    next item's queries load while this one's output leaves through two chunk buffers per
    consumer (16 KB each more shared memory), and no CTA is launched or set up per item; it pays
    only where the estimate is right (see jaxkern/rules/extend_attention.py).
  deal_waves: with persistent CTAs, how many waves of items at the end of the launch order the
    deal may sort heaviest first where its estimated costs are exact (None: plan.DEAL_WAVES;
    plan.deal_waves). A tuning-table row sets it where an A/B measured another count faster.
  """

  IMPL: ClassVar[str] = "pallas"
  tiles: str = "global"
  consumers: int = 2
  block_kv: int = 64
  num_stages: int = 2
  num_splits: int = 1
  tile_order: str = "index"
  overlap: bool = False
  persistent_ctas: int = 0
  deal_waves: int | None = None

  def __post_init__(self):
    if self.tiles not in ("global", "sequence"):
      raise ValueError(f"ExtendAttentionPallasConfig.tiles must be 'global' or 'sequence', "
                       f"got {self.tiles!r}")
    if self.consumers not in (1, 2):
      raise ValueError(f"ExtendAttentionPallasConfig.consumers must be 1 or 2, got {self.consumers!r}")
    if self.block_kv not in (64, 128, 256):
      raise ValueError(f"ExtendAttentionPallasConfig.block_kv must be 64, 128 or 256, "
                       f"got {self.block_kv!r}")
    if not isinstance(self.num_stages, int) or not 1 <= self.num_stages <= 6:
      raise ValueError(f"ExtendAttentionPallasConfig.num_stages must be in 1..6, "
                       f"got {self.num_stages!r}")
    if not isinstance(self.num_splits, int) or self.num_splits < 1:
      raise ValueError(f"ExtendAttentionPallasConfig.num_splits must be a positive int, "
                       f"got {self.num_splits!r}")
    if self.num_splits > 1 and self.tiles != "sequence":
      raise ValueError("ExtendAttentionPallasConfig: num_splits > 1 needs tiles='sequence'")
    if self.tile_order not in ("index", "cost", "position"):
      raise ValueError(f"ExtendAttentionPallasConfig.tile_order must be 'index', 'cost' or "
                       f"'position', got {self.tile_order!r}")
    if not isinstance(self.overlap, bool):
      raise ValueError(f"ExtendAttentionPallasConfig.overlap must be a bool, got {self.overlap!r}")
    if not isinstance(self.persistent_ctas, int) or self.persistent_ctas < 0:
      raise ValueError(f"ExtendAttentionPallasConfig.persistent_ctas must be an int >= 0, "
                       f"got {self.persistent_ctas!r}")
    if self.deal_waves is not None and (not isinstance(self.deal_waves, int)
                                        or isinstance(self.deal_waves, bool)
                                        or self.deal_waves < 1):
      raise ValueError(f"ExtendAttentionPallasConfig.deal_waves must be None or an int >= 1, "
                       f"got {self.deal_waves!r}")
    if self.persistent_ctas and self.tiles != "global":
      raise ValueError("ExtendAttentionPallasConfig: persistent_ctas > 0 needs tiles='global'")
    if self.tile_order != "index" and self.tiles != "global":
      raise ValueError(f"ExtendAttentionPallasConfig: tile_order={self.tile_order!r} needs "
                       "tiles='global'")

  def __repr__(self) -> str:
    """The dataclass's repr, leaving out deal_waves while it is None: records name their
    config by repr, and every config before deal_waves keeps its name."""
    return repr_leaving_out(self, deal_waves=None)

  @property
  def block_rows(self) -> int:
    return WG_ROWS * self.consumers

  @property
  def packed_output(self) -> bool:
    """Split tiles write partial rows + log-sum-exp per split, merged in XLA."""
    return self.num_splits > 1

  @property
  def staged_output(self) -> bool:
    """Unsplit per-sequence tiles write exactly their rows through an unswizzled staging buffer
    (the rest write whole tiles straight from the swizzled query/output buffer)."""
    return self.tiles == "sequence" and not self.packed_output
