"""How jaxkern compares a result with its reference (demo, benchmarks and tests share it)."""

from __future__ import annotations

import numpy as np


def rel_err(out, ref) -> float:
  """||out - ref|| / ||ref|| in float64; inf if `out` holds any NaN or inf (NaN never passes)."""
  out = np.asarray(out, np.float64)
  ref = np.asarray(ref, np.float64)
  if not np.all(np.isfinite(out)):
    return float("inf")
  denom = np.linalg.norm(ref)
  return float(np.linalg.norm(out - ref) / (denom if denom > 0 else 1.0))
