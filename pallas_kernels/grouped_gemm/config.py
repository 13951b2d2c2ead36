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
