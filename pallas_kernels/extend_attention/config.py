"""Configs of the extend-attention implementations."""

from __future__ import annotations

import dataclasses
from typing import ClassVar


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
