"""Configs of the extend-attention implementations."""

from __future__ import annotations

import dataclasses
from typing import ClassVar


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtendAttentionXlaConfig:
  """The blocked XLA path: an online softmax over key blocks of `block_kv` keys.

  Prefix blocks are rounded up to whole pages. Peak scratch is about
  B * Hq * max_extend_len * block_kv * 4 bytes of scores per step.
  """

  IMPL: ClassVar[str] = "xla"
  block_kv: int = 512

  def __post_init__(self):
    if not isinstance(self.block_kv, int) or self.block_kv < 1:
      raise ValueError(f"ExtendAttentionXlaConfig.block_kv must be a positive int, got {self.block_kv!r}")
