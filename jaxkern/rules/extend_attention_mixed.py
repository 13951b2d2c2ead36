"""How to run a mixed prefill + decode batch (jaxkern.MixedBatch): one launch, or two.

"split": the decode rows (the batch's first `num_decode_seqs` sequences) and the prefill rows each
go through `extend_attention`'s own rule as separate calls, so each gets the tiling of its regime
(per-sequence tiles with a flash-decoding split, global tiles); their outputs are merged in place.
"one": a single launch over the whole batch (per-sequence tiles: see `extend_attention.
formula_config`), which saves a launch and the merge but runs prefill rows in the decode tiling.

Decided at trace time from static facts: a measured table first
(`python -m benchmarks.extend_attention_mixed --update-tuning`), else "one" (see _UNTUNED_REASON;
the estimates of untuned shapes are rooflines, lower bounds that cannot rank the two plans).
"""

from __future__ import annotations

import dataclasses

from jaxkern import tuning
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import extend_attention as attention

OP = "extend_attention_mixed"
# The plan of an untuned shape. "one" (per-sequence tiles) is the plan measured to run on every
# mixed shape of benchmarks/results/h200/extend_attention_mixed.json, 3.6-28x faster than
# global tiles and 3.6-21x faster than the XLA path over the same batch; "split" is chosen
# only where the table measured it faster (the benchmark times both).
_UNTUNED_REASON = ("untuned shape; one launch in per-sequence tiles (the plan measured on every "
                   "mixed benchmark shape); split only where measured faster")
IMPLS = ("split", "one")
register_op(OP, IMPLS)


@dataclasses.dataclass(frozen=True)
class MixedAttentionProblem:
  whole: attention.ExtendAttentionProblem     # regime "mixed": the batch as one launch
  decode: attention.ExtendAttentionProblem    # its first decode_seqs sequences
  prefill: attention.ExtendAttentionProblem   # the others

  @property
  def table_key(self) -> dict:
    return self.whole.table_key


def _best(problem: attention.ExtendAttentionProblem, device: DeviceSpec) -> float | None:
  est = dict(attention.estimate(problem, device))
  return min(est.values()) if est else None


def estimate(problem: MixedAttentionProblem, device: DeviceSpec) -> tuple[tuple[str, float], ...]:
  """Microseconds per plan: the table's measured times when the shape bucket has a row, else the
  parts' estimates (measured rows or rooflines, see extend_attention.estimate), for explain."""
  row = _row(problem, device)
  if row is not None:
    return tuple((plan, us) for plan, us in row["plans"].items() if us is not None)
  out = []
  parts = [_best(problem.decode, device), _best(problem.prefill, device)]
  if None not in parts:
    out.append(("split", sum(parts)))
  one = _best(problem.whole, device)
  if one is not None:
    out.append(("one", one))
  return tuple(out)


def _row(problem: MixedAttentionProblem, device: DeviceSpec) -> dict | None:
  """The measured row of this shape bucket (plans are kernel measurements: Mosaic GPU only, as
  for extend_attention's table)."""
  return tuning.lookup(device.kind, OP, problem.table_key) if device.has_mosaic_gpu else None


def choose(problem: MixedAttentionProblem, device: DeviceSpec) -> Choice:
  est = estimate(problem, device)
  row = _row(problem, device)
  if row is not None:
    plans = ", ".join(f"{k} {v:.1f} us" for k, v in est)
    return Choice(op=OP, impl=row["plan"], config=None, source="table", problem=problem,
                  estimate=est, reason=f"measured fastest on {device.kind} ({plans})")
  return Choice(op=OP, impl="one", config=None, source="formula", problem=problem,
                estimate=est, reason=_UNTUNED_REASON)


def config_for(impl: str, problem: MixedAttentionProblem, device: DeviceSpec):
  del impl, problem, device
  return None        # a plan has no config; each part's call is decided by its own rule


def check(impl: str, config, problem: MixedAttentionProblem, device: DeviceSpec) -> None:
  del problem, device
  if config is not None:
    raise ValueError(f"{OP}: a plan takes no config (got {config!r}); give the parts' configs "
                     "through jaxkern.policy(extend_attention=...)")
  if impl not in IMPLS:
    raise ValueError(f"{OP}: plan must be one of {IMPLS}, got {impl!r}")
