"""Cost-model rules: one module per decision, each a pure function of static facts + DeviceSpec.

Order of precedence (DESIGN.md §3): explicit argument > jaxkern.policy > measured table for this
device kind > formula > XLA fallback. `decide` implements the first two and the bookkeeping; each
rule module implements `choose` (table, formula, fallback), `config_for` and `check`.
"""

from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import Any

from jaxkern import policy as _policy
from jaxkern.choice import Choice, record
from jaxkern.device import DeviceSpec


def decide(rule: ModuleType, problem: Any, device: DeviceSpec, *, impl: str | None = None,
           config: Any = None) -> Choice:
  state = _policy.current()
  if impl is not None and impl not in rule.IMPLS:
    raise ValueError(f"{rule.OP}: impl={impl!r} is not one of {rule.IMPLS}")
  override = state.override_for(rule.OP)
  if impl is not None or config is not None:
    source, reason = "argument", "impl/config given by the caller"
    if (config is None and override is not None and override.impl == impl
        and override.config is not None):
      # The caller named the impl; a policy config of that same impl still says which config
      # (ignoring it made a benchmark's forced configs time the default one, session 48).
      config, source, reason = override.config, "policy", ("impl given by the caller, config by "
                                                          "a jaxkern.policy override")
  elif override is not None:
    impl, config = override.impl, override.config
    source, reason = "policy", "jaxkern.policy override"
  if impl is None and config is None:
    choice = rule.choose(problem, device)
  else:
    if config is not None:
      config_impl = getattr(type(config), "IMPL", None)
      if impl is None:
        impl = config_impl
      if config_impl != impl:
        raise ValueError(f"{rule.OP}: config of type {type(config).__name__} is for impl "
                         f"{config_impl!r}, not impl={impl!r}")
    else:
      config = rule.config_for(impl, problem, device)
    choice = Choice(op=rule.OP, impl=impl, config=config, reason=reason, source=source,
                    problem=problem, estimate=rule.estimate(problem, device))
  rule.check(choice.impl, choice.config, problem, device)
  if state.interpret:
    choice = dataclasses.replace(choice, interpret=True)
  return record(choice)


def roofline_us(flops: float, bytes_moved: float, device: DeviceSpec, *, fp8: bool = False) -> float | None:
  """max(FLOPs / peak, bytes / HBM bandwidth) in microseconds, from the device's measured ceilings;
  None where the device has no measured figures (CPU, unknown GPUs)."""
  peak = device.peak_fp8_flops if fp8 else device.peak_bf16_flops
  if not peak or not device.hbm_bytes_per_s:
    return None
  return 1e6 * max(flops / peak, bytes_moved / device.hbm_bytes_per_s)
