"""Session 76's GEMM + RS A/B of split_tail, from the committed JSONs (no device):
`python3 -m benchmarks.results.logs.session76.ab_summary > benchmarks/results/logs/session76/ab_summary.log`.

Per (tp, shape): each run's wall / span / CUPTI / back-to-back µs of unfused, n256/s4/in/d (the
table's fused config, d), n256/s4/in/d/t (split_tail, t) and, where timed, n256/s4/in/d/k4
(tail_segments, k4), then how many runs each cut tail won against d by each measure and the
ratios unfused / fused. Add a run's files to RUNS."""

import json
import pathlib
import statistics

HERE = pathlib.Path(__file__).parent
RUNS = ["run500/tp4_a", "run500/tp4_b", "run500/tp2_a", "run500/tp2_b", "run501/k29568_a",
        "run501/k29568_b", "run502/sus_a", "run502/sus_b"]
PATHS = {"jaxkern:unfused": "unfused", "jaxkern:fused[n256/s4/in/d]": "d",
         "jaxkern:fused[n256/s4/in/d/t]": "t", "jaxkern:fused[n256/s4/in/d/k4]": "k4"}
MEASURES = (("wall", "us"), ("span", "span_us"), ("cupti", "cupti_us"),
            ("back to back", "sustained_us"))


def main():
  rows: dict = {}
  for run in RUNS:
    for r in json.loads((HERE / f"{run}.json").read_text())["records"]:
      rows.setdefault((r["tp"], r["m"], r["n"], r["k"], r["shape"]), {}).setdefault(
          run, {})[PATHS[r["impl"]]] = r
  for (tp, *_, shape), runs in sorted(rows.items()):
    print(f"tp {tp} {shape}")
    for run, paths in runs.items():
      order = [p for p in PATHS.values() if p in paths]
      cells = []
      for name, field in MEASURES:
        if paths["d"].get(field) is None:
          continue
        cells.append(f"{name} " + " / ".join(f"{paths[p][field]:.1f}" for p in order))
      print(f"  {run:16s} {' / '.join(order)}: " + "; ".join(cells))
    cuts = [c for c in ("t", "k4") if all(c in p for p in runs.values())]
    for cut in cuts:
      for name, field in MEASURES:
        pairs = [(p["d"][field], p[cut][field], p["unfused"][field]) for p in runs.values()
                 if p["d"].get(field) is not None]
        if not pairs:
          continue
        wins = sum(c < d for d, c, _ in pairs)
        med = lambda i: statistics.median(x[i] for x in pairs)
        print(f"  {name:12s}: {cut} won {wins} of {len(pairs)}; medians d {med(0):.1f}, {cut} "
              f"{med(1):.1f} ({cut}/d {med(1) / med(0):.3f}); unfused/d {med(2) / med(0):.3f}x, "
              f"unfused/{cut} {med(2) / med(1):.3f}x")


if __name__ == "__main__":
  main()
