"""Which extend-attention implementation and config, from static facts only."""

from __future__ import annotations

import dataclasses

from jaxkern import tuning
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import roofline_us
from pallas_kernels.extend_attention import ExtendAttentionXlaConfig, num_query_blocks

OP = "extend_attention"
IMPLS = ("xla",)
register_op(OP, IMPLS)

# Memory cap (not a speed threshold) on the XLA path's per-step float32 score block.
SCORE_SCRATCH_BYTES = 256 << 20
_VERIFY_MAX_EXTEND = 16  # SGLang's verify regime: batch of drafts of at most 16 tokens


@dataclasses.dataclass(frozen=True)
class ExtendAttentionProblem:
  num_tokens: int
  num_seqs: int
  num_q_heads: int
  num_kv_heads: int
  head_dim: int
  dtype: str
  page_size: int
  max_pages: int
  max_extend_len: int
  sliding_window: int | None
  logit_cap: bool

  @property
  def max_prefix(self) -> int:
    return self.max_pages * self.page_size

  @property
  def regime(self) -> str:
    if self.max_extend_len == 1:
      return "decode"
    if self.max_extend_len <= _VERIFY_MAX_EXTEND:
      return "verify"
    return "prefill" if self.max_prefix == 0 else "chunked_prefill"

  @property
  def visible_prefix(self) -> int:
    """Static bound on the prefix keys one sequence's queries can see."""
    if self.sliding_window is None:
      return self.max_prefix
    return min(self.max_prefix, self.sliding_window - 1 + self.page_size)


_XLA_BLOCK_Q = 64  # query rows per block: decode/verify rows pad to their bucket, prefill to 64


def xla_query_rows(problem: ExtendAttentionProblem, block_q: int) -> int:
  """Query rows the XLA path computes: every sequence's tokens in blocks of block_q rows."""
  return block_q * num_query_blocks(num_tokens=problem.num_tokens, num_seqs=problem.num_seqs,
                                    max_extend_len=problem.max_extend_len, block_q=block_q)


def config_for(impl: str, problem: ExtendAttentionProblem, device: DeviceSpec):
  del impl, device  # only the XLA path exists so far
  block_q = min(_XLA_BLOCK_Q, tuning.bucket(problem.max_extend_len))
  rows = xla_query_rows(problem, block_q) * problem.num_q_heads
  block_kv = 2048
  while block_kv > 16 and rows * block_kv * 4 > SCORE_SCRATCH_BYTES:
    block_kv //= 2
  return ExtendAttentionXlaConfig(block_q=block_q, block_kv=block_kv)


def estimate(problem: ExtendAttentionProblem, device: DeviceSpec) -> tuple[tuple[str, float], ...]:
  p = problem
  itemsize = 4 if p.dtype == "float32" else 2
  keys = p.visible_prefix + p.max_extend_len  # every query block visits the longest key range
  rows = xla_query_rows(p, config_for("xla", p, device).block_q)
  flops = 4.0 * rows * p.num_q_heads * keys * p.head_dim
  kv_bytes = 2.0 * p.num_seqs * keys * p.num_kv_heads * p.head_dim * itemsize
  qo_bytes = 2.0 * p.num_tokens * p.num_q_heads * p.head_dim * itemsize
  us = roofline_us(flops, kv_bytes + qo_bytes, device)
  return () if us is None else (("xla", us),)


def choose(problem: ExtendAttentionProblem, device: DeviceSpec) -> Choice:
  config = config_for("xla", problem, device)
  reason = (f"{problem.regime}: the XLA path is the only implementation yet; block_q="
            f"{config.block_q} (<= the longest extend), block_kv={config.block_kv} keeps the "
            f"per-step scores under {SCORE_SCRATCH_BYTES >> 20} MiB")
  return Choice(op=OP, impl="xla", config=config, reason=reason, source="fallback",
                problem=problem, estimate=estimate(problem, device))


def check(impl: str, config, problem: ExtendAttentionProblem, device: DeviceSpec) -> None:
  del problem, device
  if impl == "xla" and not isinstance(config, ExtendAttentionXlaConfig):
    raise ValueError(f"extend_attention: impl='xla' needs an ExtendAttentionXlaConfig, got {config!r}")
