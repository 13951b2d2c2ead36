"""How jaxkern compares a result with its reference (demo, benchmarks and tests share it)."""

from __future__ import annotations

import numpy as np


def _float64(out, ref):
  """Both in float64, or None if `out` holds NaN or inf (NaN never passes)."""
  out = np.asarray(out, np.float64)
  return (out, np.asarray(ref, np.float64)) if np.all(np.isfinite(out)) else None


def rel_err(out, ref) -> float:
  """||out - ref|| / ||ref|| in float64; inf if `out` holds any NaN or inf."""
  pair = _float64(out, ref)
  if pair is None:
    return float("inf")
  out, ref = pair
  denom = np.linalg.norm(ref)
  return float(np.linalg.norm(out - ref) / (denom if denom > 0 else 1.0))


def worst_row_err(out, ref) -> float:
  """The largest rel_err of one row (the last axis) among rows whose reference is nonzero: a
  mistake confined to a few rows (one key too many for one query) is diluted in the global norm,
  not here."""
  pair = _float64(out, ref)
  if pair is None:
    return float("inf")
  out, ref = pair
  denom = np.linalg.norm(ref, axis=-1)
  err = np.linalg.norm(out - ref, axis=-1)
  nonzero = denom > 0
  if not nonzero.any():
    return float(np.max(err, initial=0.0))
  return float(np.max(err[nonzero] / denom[nonzero]))
