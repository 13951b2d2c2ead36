"""Merge the tuning rows a device run wrote into this checkout's tables.

  python -m benchmarks.merge_tuning OUT [OUT ...]

Every benchmark run with --update-tuning also keeps the rows it wrote in
`<--out>/tuning/<kind>/<op>.json` (laid out like jaxkern/tuning/). A run on a lent machine starts
from the tables committed when it was launched, so the table it leaves there mixes its rows with
those; this merges only its own rows, key by key (same key: replaced), into jaxkern/tuning/.
OUT: a run's --out folder (or its tuning/ folder itself).
"""

from __future__ import annotations

import pathlib

from absl import app

from jaxkern import tuning


def main(argv):
  if len(argv) < 2:
    raise app.UsageError("give one or more --out folders of benchmark runs")
  for out in argv[1:]:
    root = pathlib.Path(out)
    root = root / "tuning" if (root / "tuning").is_dir() else root
    if not root.is_dir():
      raise app.UsageError(f"{out}: no such folder")
    written = tuning.merge_tables(root)
    if not written:
      raise app.UsageError(f"{out}: no tuning rows (<kind>/<op>.json) under {root}")
    for path in written:
      print(f"merged {root} into {path}")


if __name__ == "__main__":
  app.run(main)
