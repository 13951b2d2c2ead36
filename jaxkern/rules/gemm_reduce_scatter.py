"""Fused or unfused GEMM + reduce-scatter, from static facts only."""

from __future__ import annotations

import dataclasses
import sys

import sharding.gemm_rs as _grs
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import decide
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig
from pallas_kernels.gemm_rs.mosaic import unsupported_reason as fused_unsupported

OP = "gemm_reduce_scatter"
IMPLS = ("unfused", "fused")
register_op(OP, IMPLS)


@dataclasses.dataclass(frozen=True)
class GemmReduceScatterProblem:
  m: int
  n: int
  k: int      # global K (the local shard is k / tp)
  dtype: str
  tp: int


def estimate(p: GemmReduceScatterProblem, device: DeviceSpec) -> tuple[tuple[str, float], ...]:
  """Unfused = GEMM time + reduce-scatter time (nothing overlaps), from measured ceilings."""
  if not device.peak_bf16_flops or not device.link_bytes_per_s:
    return ()
  itemsize = 4 if p.dtype == "float32" else 2
  gemm_us = 1e6 * 2.0 * p.m * p.n * (p.k / p.tp) / device.peak_bf16_flops
  rs_us = 1e6 * p.m * p.n * itemsize * (p.tp - 1) / p.tp / device.link_bytes_per_s
  return (("unfused", gemm_us + rs_us),)


def config_for(impl, problem, device):
  del problem, device
  return GemmRsFusedConfig() if impl == "fused" else None


def choose(problem: GemmReduceScatterProblem, device: DeviceSpec) -> Choice:
  return Choice(op=OP, impl="unfused", config=None, source="fallback", problem=problem,
                reason=f"tp={problem.tp}: dot (fp32 accumulation) + psum_scatter; the fused "
                       "kernel (impl='fused') has no measured crossover yet",
                estimate=estimate(problem, device))


def check(impl, config, problem, device) -> None:
  if impl == "unfused":
    if config is not None:
      raise ValueError(f"gemm_reduce_scatter: impl 'unfused' takes no config, got {config!r}")
    return
  if not isinstance(config, GemmRsFusedConfig):
    raise ValueError(f"gemm_reduce_scatter: impl 'fused' needs a GemmRsFusedConfig, got {config!r}")
  if not device.has_mosaic_gpu:
    raise NotImplementedError(f"gemm_reduce_scatter(impl='fused'): a Mosaic GPU kernel (Hopper); "
                              f"the device is {device.kind}")
  reason = fused_unsupported(config, m=problem.m, n=problem.n, k_local=problem.k // problem.tp,
                             tp=problem.tp, dtype=problem.dtype)
  if reason is not None:
    raise NotImplementedError(f"gemm_reduce_scatter(impl='fused'): {reason}")


def _choose_in_shard_map(a, b, tp, impl):
  problem = GemmReduceScatterProblem(m=a.shape[0], n=b.shape[1], k=a.shape[1] * tp,
                                     dtype=str(a.dtype), tp=tp)
  choice = decide(sys.modules[__name__], problem, DeviceSpec.current(), impl=impl)
  return choice.impl, choice.config


_grs.set_chooser(_choose_in_shard_map)
