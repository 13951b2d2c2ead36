"""The README's tables of measured results show what the committed records hold: every row of
ours against the best peer (`benchmarks._report.vs_best_peer`, the pairing the benchmarks' own
tables and the notebook use), with the same times, rates, ratios and peer, and no row more or
less. A record replaced without its README row (or the other way round) fails here."""

import json
import pathlib

import pytest

from benchmarks import _report

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks/results"

# How the README names each peer impl of the records.
PEER_NAMES = {"cudnn": "cuDNN", "tokamax_mosaic": "tokamax", "xla-path": "our XLA path",
              "xla_ragged_dot": "lax.ragged_dot", "ragged_dot_mgpu": "ragged_dot_mgpu",
              "xla_batched_dot": "cuBLAS batched"}

# (the table's header line, the results files it shows, page_size of the rows shown)
TABLES = {
    "h200_attention": ("| shape | ours µs | TFLOP/s | best peer (same run) | peer µs | speedup | "
                       "ours / floor |",
                       ("h200/extend_attention.json", "h200/extend_attention_hd128.json"), 16),
    "h100_attention": ("| shape | ours µs | TFLOP/s | best peer (same run) | peer µs | speedup | "
                       "ours / floor | run |",
                       ("h100/extend_attention.json", "h100/extend_attention_hd128.json"), 16),
    "h200_grouped_gemm": ("| shape | ours µs | rate | best peer (same run) | peer µs | speedup |",
                          ("h200/grouped_gemm.json",), None),
    "h100_grouped_gemm": ("| shape | ours µs | best peer (same run) | peer µs | speedup |",
                          ("h100/grouped_gemm.json",), None),
}


def readme_table(header: str) -> list[dict]:
  """The rows of the README table under `header` (exactly one such table), as column -> cell."""
  lines = (ROOT / "README.md").read_text().splitlines()
  starts = [i for i, line in enumerate(lines) if line.strip() == header]
  if len(starts) != 1:
    raise AssertionError(f"{len(starts)} README tables with header {header!r}")
  names = [c.strip() for c in header.strip("|").split("|")]
  rows = []
  for line in lines[starts[0] + 2:]:
    if not line.startswith("|"):
      break
    rows.append(dict(zip(names, (c.strip() for c in line.strip().strip("|").split("|")))))
  return rows


def expected_rows(files, page_size) -> dict[str, tuple[dict, dict]]:
  """shape -> (the cells every README row must show, our record), from the committed records."""
  out = {}
  for name in files:
    records = json.loads((RESULTS / name).read_text())["records"]
    for shape, ours, peer in _report.vs_best_peer(records, page_size=page_size):
      out[shape] = ({"ours µs": f"{ours['us']:.1f}", "peer µs": f"{peer['us']:.1f}",
                     "speedup": f"{peer['us'] / ours['us']:.2f}x",
                     "best peer (same run)": PEER_NAMES.get(peer["impl"], peer["impl"])}, ours)
  return out


@pytest.mark.parametrize("table", sorted(TABLES))
def test_readme_table_matches_the_committed_records(table):
  header, files, page_size = TABLES[table]
  want = expected_rows(files, page_size)
  rows = readme_table(header)
  assert [r["shape"] for r in rows if r["shape"] not in want] == [], "README rows with no record"
  assert sorted(set(want) - {r["shape"] for r in rows}) == [], "records missing from the README"
  wrong = []
  for row in rows:
    cells, ours = want[row["shape"]]
    cells = dict(cells)
    if "TFLOP/s" in row:
      cells["TFLOP/s"] = f"{ours['tflops']:.0f}"
    if "ours / floor" in row:
      cells["ours / floor"] = f"{ours['us'] / ours['floor_us']:.2f}x"
    if "rate" in row:   # "736 TFLOP/s", or "4.34 TB/s" on memory-bound rows
      unit = row["rate"].split()[-1]
      cells["rate"] = (f"{ours['tbps']:.2f} TB/s" if unit == "TB/s" else
                       f"{ours['tflops']:.0f} TFLOP/s")
    wrong += [f"{row['shape']} {k}: README {row.get(k)!r}, records {v!r}"
              for k, v in cells.items() if row.get(k) != v]
  assert wrong == []


def test_readme_table_parser_reads_cells_and_stops_at_the_table_end():
  rows = readme_table(TABLES["h200_grouped_gemm"][0])
  assert rows and all(set(r) == {"shape", "ours µs", "rate", "best peer (same run)", "peer µs",
                                 "speedup"} for r in rows)
  with pytest.raises(AssertionError, match="0 README tables"):
    readme_table("| no such header |")
