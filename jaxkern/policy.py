"""`jaxkern.policy`: scoped overrides of what the cost model picks.

The active overrides live in a `jax.make_user_context` value, which is part of every jit cache key:
entering or leaving a policy makes an already-jitted caller re-trace, so it can never keep a stale
choice. The state is a small hashable tuple.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from typing import Any, Iterator

from jaxkern import _compat

# op name -> the impl names it knows; filled in by the rule modules when they are imported.
_OPS: dict[str, tuple[str, ...]] = {}


def register_op(op: str, impls: tuple[str, ...]) -> None:
  _OPS[op] = tuple(impls)


def known_ops() -> dict[str, tuple[str, ...]]:
  return dict(_OPS)


@dataclasses.dataclass(frozen=True)
class Override:
  impl: str | None = None
  config: Any = None


@dataclasses.dataclass(frozen=True)
class PolicyState:
  overrides: tuple[tuple[str, Override], ...] = ()
  interpret: bool = False
  explain_token: int = 0  # changes per jaxkern.explain call to force a fresh trace

  def override_for(self, op: str) -> Override | None:
    for name, override in self.overrides:
      if name == op:
        return override
    return None


_STATE = _compat.make_user_context(PolicyState())
_explain_tokens = itertools.count(1)


def current() -> PolicyState:
  return _STATE.value


def _as_override(op: str, value: Any) -> Override:
  impls = _OPS[op]
  if isinstance(value, str):
    impl, config = value, None
  elif isinstance(value, tuple) and len(value) == 2:
    impl, config = value
  elif isinstance(value, Override):
    impl, config = value.impl, value.config
  else:  # a config object: its class says which impl it configures
    impl, config = getattr(type(value), "IMPL", None), value
    if impl is None:
      raise ValueError(
          f"jaxkern.policy({op}=...): expected an impl name {impls}, a config object, or an "
          f"(impl, config) pair; got {value!r}")
  if impl not in impls:
    raise ValueError(f"jaxkern.policy({op}={impl!r}): unknown impl; {op} has {impls}")
  if config is not None:
    try:
      hash(config)
    except TypeError as e:
      raise ValueError(f"jaxkern.policy({op}=...): config must be hashable, got {config!r}") from e
  return Override(impl=impl, config=config)


@contextlib.contextmanager
def policy(*, interpret: bool | None = None, **overrides: Any) -> Iterator[PolicyState]:
  """Override the cost model inside a `with` block; nested blocks merge, the inner one winning.

  `jaxkern.policy(extend_attention="xla")` forces an impl, `grouped_gemm=SomeConfig(...)` a config
  (and the impl it belongs to), `op=(impl, config)` both, `op=None` removes an outer override.
  `interpret=True` runs Pallas paths in Mosaic GPU interpret mode (CPU testing).
  """
  state = current()
  merged = dict(state.overrides)
  for op, value in overrides.items():
    if op not in _OPS:
      raise ValueError(f"jaxkern.policy: unknown op {op!r}; known ops: {sorted(_OPS)}")
    if value is None:
      merged.pop(op, None)
    else:
      merged[op] = _as_override(op, value)
  new_state = dataclasses.replace(
      state,
      overrides=tuple(sorted(merged.items())),
      interpret=state.interpret if interpret is None else bool(interpret))
  with _STATE(new_state):
    yield new_state


@contextlib.contextmanager
def _fresh_trace() -> Iterator[None]:
  """Used by jaxkern.explain: a new token, so cached traces are not reused and every rule runs."""
  with _STATE(dataclasses.replace(current(), explain_token=next(_explain_tokens))):
    yield
