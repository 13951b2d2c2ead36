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


def bucket_nearest(n: int) -> int:
  """The power of two nearest n on a log scale (n <= 1 -> 1): 2^k for n in [2^k / sqrt(2),
  2^k * sqrt(2)). For a size that lands on either side of a power of two from call to call
  (a MoE batch's rows: tokens x top_k, or a little over it where the groups were measured)."""
  n = int(n)
  if n <= 1:
    return 1
  low = 1 << (n.bit_length() - 1)
  return low if n * n < 2 * low * low else 2 * low


def device_dir(device_kind: str) -> str:
  return re.sub(r"[^a-z0-9]+", "_", device_kind.lower()).strip("_")


def table_path(device_kind: str, op: str, root: str | pathlib.Path | None = None) -> pathlib.Path:
  """Where `op`'s table for `device_kind` lives: in this package, or under another `root` laid out
  the same way (a run's own copy of the rows it wrote)."""
  return (_ROOT if root is None else pathlib.Path(root)) / device_dir(device_kind) / f"{op}.json"


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


def write_rows(device_kind: str, op: str, rows: list[dict], *,
               root: str | pathlib.Path | None = None) -> pathlib.Path:
  """Merge `rows` into the table (same key: replaced). Used by the benchmarks' --update-tuning.
  `root`: a folder laid out like this package instead (a run's own copy of the rows it wrote,
  which `merge_tables` later merges into these tables)."""
  path = table_path(device_kind, op, root)
  if root is None:
    old = list(_load(device_kind, op))
  else:
    old = json.loads(path.read_text())["rows"] if path.exists() else []
  keys = [json.dumps(r["key"], sort_keys=True) for r in rows]
  merged = [r for r in old if json.dumps(r["key"], sort_keys=True) not in keys] + rows
  return write_table(device_kind, op, merged, root=root)


def write_table(device_kind: str, op: str, rows: list[dict], *,
                root: str | pathlib.Path | None = None) -> pathlib.Path:
  """The table as exactly `rows` (sorted by key), whatever it held: `write_rows`' last step, and
  for a change of a key's scheme (session 65's grouped GEMM M), where merging by key would keep
  every row under its old key beside the new one. `root` as for `write_rows`."""
  path = table_path(device_kind, op, root)
  rows = sorted(rows, key=lambda r: json.dumps(r["key"], sort_keys=True))
  path.parent.mkdir(parents=True, exist_ok=True)
  path.write_text(json.dumps({"op": op, "device_kind": device_kind, "rows": rows}, indent=1) + "\n")
  if root is None:
    _load.cache_clear()
    device_kinds.cache_clear()
  return path


def merge_tables(root: str | pathlib.Path) -> list[pathlib.Path]:
  """Merge every table under `root` (laid out like this package: <kind>/<op>.json, e.g. the
  `tuning/` folder a benchmark run with --update-tuning leaves in its --out) into these tables,
  row by row (same key: replaced). Returns the tables written; ValueError on a file that is not a
  table."""
  written = []
  for path in sorted(pathlib.Path(root).glob("*/*.json")):
    table = json.loads(path.read_text())
    if not {"op", "device_kind", "rows"} <= set(table):
      raise ValueError(f"{path}: not a tuning table (expected keys op, device_kind, rows)")
    written.append(write_rows(table["device_kind"], table["op"], table["rows"]))
  return written
