"""Choice: what a rule decided for one op call, and `jaxkern.explain` to see every choice."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
from typing import Any, Callable, Iterator

import jax

from jaxkern import policy as _policy

log = logging.getLogger("jaxkern")


@dataclasses.dataclass(frozen=True)
class Choice:
  """One trace-time decision.

  source: "argument" (impl=/config= given), "policy" (jaxkern.policy), "table" (a measured tuning
  table row), "formula" (cost estimate from DeviceSpec figures), or "fallback" (nothing else fits).
  estimate: predicted microseconds per candidate impl, where the rule has a model.
  """

  op: str
  impl: str
  config: Any
  reason: str
  source: str
  problem: Any = None
  estimate: tuple[tuple[str, float], ...] = ()
  interpret: bool = False

  def __str__(self) -> str:
    est = ", ".join(f"{k}~{v:.1f}us" for k, v in self.estimate)
    return (f"{self.op}: impl={self.impl} [{self.source}] config={self.config} -- {self.reason}"
            + (f" (estimate: {est})" if est else ""))


_local = threading.local()
_logged: set[tuple[Any, ...]] = set()


def _recorders() -> list[list[Choice]]:
  if not hasattr(_local, "recorders"):
    _local.recorders = []
  return _local.recorders


def record(choice: Choice) -> Choice:
  """Called by the ops at trace time; logs each distinct choice once."""
  for recorder in _recorders():
    recorder.append(choice)
  key = (choice.op, choice.problem, choice.impl, choice.config, choice.source)
  if key not in _logged:
    _logged.add(key)
    log.info("%s", choice)
  return choice


@contextlib.contextmanager
def recording() -> Iterator[list[Choice]]:
  choices: list[Choice] = []
  _recorders().append(choices)
  try:
    yield choices
  finally:
    _recorders().remove(choices)


def explain(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> list[Choice]:
  """Trace `fn(*args, **kwargs)` abstractly (jax.eval_shape: nothing runs) and return every Choice
  the cost model made, in trace order. Arguments may be arrays or jax.ShapeDtypeStructs."""
  with recording() as choices, _policy._fresh_trace():
    jax.eval_shape(fn, *args, **kwargs)
  return list(choices)
