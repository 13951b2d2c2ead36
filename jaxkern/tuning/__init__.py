"""Measured tuning tables: jaxkern/tuning/<device kind>/<op>.json, written by
`python -m benchmarks.<op> --update-tuning` on that device. Keys bucket sizes to powers of two."""

from __future__ import annotations

import functools
import json
import pathlib
import re
from typing import Any, Mapping

_ROOT = pathlib.Path(__file__).parent


def bucket(n: int) -> int:
  """The power of two >= n (n <= 1 -> 1)."""
  return 1 if n <= 1 else 1 << (int(n) - 1).bit_length()


def device_dir(device_kind: str) -> str:
  return re.sub(r"[^a-z0-9]+", "_", device_kind.lower()).strip("_")


def table_path(device_kind: str, op: str) -> pathlib.Path:
  return _ROOT / device_dir(device_kind) / f"{op}.json"


@functools.lru_cache(maxsize=None)
def _load(device_kind: str, op: str) -> tuple[dict, ...]:
  path = table_path(device_kind, op)
  if not path.exists():
    return ()
  return tuple(json.loads(path.read_text())["rows"])


def rows(device_kind: str, op: str) -> tuple[dict, ...]:
  """Every measured row of a table (empty when the device kind has none)."""
  return _load(device_kind, op)


@functools.lru_cache(maxsize=None)
def device_kinds(op: str) -> tuple[str, ...]:
  """The device kinds (as their tables name them) that have a measured table for `op` (cached:
  rules ask at every trace)."""
  return tuple(json.loads(path.read_text()).get("device_kind", path.parent.name)
               for path in sorted(_ROOT.glob(f"*/{op}.json")))


def lookup(device_kind: str, op: str, key: Mapping[str, Any]) -> dict | None:
  """The measured row whose key equals `key` (already bucketed by the caller), if any."""
  key = dict(key)
  for row in _load(device_kind, op):
    if row["key"] == key:
      return row
  return None


def write_rows(device_kind: str, op: str, rows: list[dict]) -> pathlib.Path:
  """Merge `rows` into the table (same key: replaced). Used by the benchmarks' --update-tuning."""
  path = table_path(device_kind, op)
  old = list(_load(device_kind, op))
  keys = [json.dumps(r["key"], sort_keys=True) for r in rows]
  merged = [r for r in old if json.dumps(r["key"], sort_keys=True) not in keys] + rows
  merged.sort(key=lambda r: json.dumps(r["key"], sort_keys=True))
  path.parent.mkdir(parents=True, exist_ok=True)
  path.write_text(json.dumps({"op": op, "device_kind": device_kind, "rows": merged}, indent=1) + "\n")
  _load.cache_clear()
  device_kinds.cache_clear()
  return path
