"""Trace-time argument checks shared by the public ops: each error names the argument, what it
got and what was expected."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np


def describe(x) -> str:
  return f"{jnp.dtype(x.dtype).name}{list(x.shape)}"


def rank(op: str, name: str, x, ndim: int, expected: str) -> None:
  if getattr(x, "ndim", None) != ndim:
    got = describe(x) if hasattr(x, "shape") else type(x).__name__
    raise ValueError(f"{op}: {name} must be {ndim}-D {expected}; got {got}")


def dim(op: str, name: str, x, axis: int, size: int, expected: str) -> None:
  if x.shape[axis] != size:
    raise ValueError(f"{op}: {name} must be {expected}; got {describe(x)}")


def integer(op: str, name: str, x) -> None:
  if not jnp.issubdtype(x.dtype, jnp.integer):
    raise ValueError(f"{op}: {name} must have an integer dtype (int32); got {describe(x)}")


def dtype_in(op: str, name: str, x, allowed) -> None:
  if jnp.dtype(x.dtype) not in [jnp.dtype(a) for a in allowed]:
    names = ", ".join(jnp.dtype(a).name for a in allowed)
    raise ValueError(f"{op}: {name} must be one of {names}; got {describe(x)}")


def same_dtype(op: str, names: str, first, *others) -> None:
  if any(o.dtype != first.dtype for o in others):
    got = ", ".join(describe(x) for x in (first, *others))
    raise ValueError(f"{op}: {names} must share one dtype; got {got}")


def positive_number(op: str, name: str, value, *, integer_only: bool = False) -> None:
  kinds = (int, np.integer) if integer_only else (int, float, np.integer, np.floating)
  if isinstance(value, bool) or not isinstance(value, kinds) or not value > 0:
    what = "a positive int" if integer_only else "a positive number"
    raise ValueError(f"{op}: {name} must be None or {what} (a static Python value); got {value!r}")
