"""Session 61's model of the persistent deal on Gemma's gate/up (Gm_prefill_gu, N = 1408), which
motivated run413: each CTA's load as the sum of its units' costs under `plan.Deal`'s order (whole
rounds c, c + C, ..., `band` row tiles per column tile, the last units as column pieces), the
launch's length as the largest load. Costs in units of a 128 x 256 tile's K loop: a whole unit
1, a segment's last tile with <= 64 rows (a half tile) 0.5, a narrow last column tile (128 of
256 columns) 0.565 (the 128 x 128 tile's lower rate per column: 807.8 us for 11 column tiles
against 806.7 for 6 of 256, session 60); 0.04 per unit of fixed cost. A model, not a
measurement: run413 measured the opposite (the narrow form slower), so its costs are wrong
where it matters (a narrow unit is not cheaper).

  python3 -m benchmarks.results.logs.session61.deal_model
"""

import numpy as np

from jaxkern.shapes import GROUPED_GEMM_SHAPES

C, BM, OVERHEAD, NARROW = 132, 128, 0.04, 0.565


def tile_rows(shape) -> np.ndarray:
  """Rows of each group tile (tiles="groups": a group's tiles start at its first row rounded
  down to 8)."""
  sizes = shape.group_sizes()
  ends = np.cumsum(sizes)
  rows = []
  for s, e in zip(ends - sizes, ends):
    r0 = s // 8 * 8
    for i in range(-(-(e - r0) // BM)):
      rows.append(min(e, r0 + (i + 1) * BM) - max(s, r0 + i * BM))
  return np.array(rows)


def makespan(rows, n, bn, band, *, narrow, shift, split=4) -> tuple[float, float]:
  """(largest CTA load, mean load), in 256-wide unit times."""
  used, nt = len(rows), -(-n // bn)
  rem = n - (nt - 1) * bn
  costs = []
  for u in range(used * nt):
    per_band = band * nt
    b, r = divmod(u, per_band)
    width = min(band, used - b * band)
    m, col = b * band + r % width, r // width
    w = (rem / bn) * NARROW / 0.5 if narrow and col == nt - 1 and rem < bn else 1.0
    costs.append(w * (0.5 if rows[m] <= 64 else 1.0))
  rounds, rest = divmod(len(costs), C)
  pieces = max([1] + [p for p in (2, 4) if p <= split and rest * p <= C])
  load = np.zeros(C)
  for i in range(rounds):
    for c in range(C):
      load[c] += costs[i * C + ((c + i) % C if shift else c)] + OVERHEAD
  for j in range(rest * pieces):
    load[j] += costs[rounds * C + j // pieces] / pieces + OVERHEAD
  return load.max() * bn / 256, load.mean() * bn / 256


def main():
  rows = tile_rows({s.name: s for s in GROUPED_GEMM_SHAPES}["Gm_prefill_gu"])
  print(f"{len(rows)} row tiles, {(rows <= 64).sum()} half tiles")
  for bn, narrow, shift in ((128, False, False), (256, False, False), (256, True, False),
                            (256, True, True)):
    cells = [makespan(rows, 1408, bn, band, narrow=narrow, shift=shift) for band in (1, 2, 4, 8)]
    print(f"128 x {bn} narrow={narrow!s:5} shift={shift!s:5} largest load by band 1/2/4/8: "
          + " ".join(f"{mx:.2f}" for mx, _ in cells) + f" (mean {cells[0][1]:.2f})")


if __name__ == "__main__":
  main()
