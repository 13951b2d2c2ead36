"""Session 68: the bytes each masked decode row moves when it writes its zeros (rows past
masked_m, as the default invalid_rows="zero" contract asks), against issue 4's bar of 4.0 TB/s
of minimum bytes (weights + the valid rows of lhs and out: the rate the benchmark reports).

  python3 -m benchmarks.results.logs.session68.masked_traffic
"""
from jaxkern.shapes import GROUPED_GEMM_SHAPES, MASKED_GROUPED_GEMM_SHAPES

for s in GROUPED_GEMM_SHAPES:
  if s.name not in MASKED_GROUPED_GEMM_SHAPES or not s.memory_bound:
    continue
  rows = int(s.group_sizes().sum())
  weights, lhs = s.num_groups * s.k * s.n * 2, rows * s.k * 2
  minimum = weights + lhs + rows * s.n * 2
  with_zeros = weights + lhs + s.num_groups * s.masked_m_max * s.n * 2
  bar_us = minimum / 4.0e12 * 1e6
  print(f"{s.name}/masked: minimum {minimum / 1e6:.1f} MB, with the zero rows "
        f"{with_zeros / 1e6:.1f} MB; the bar's {bar_us:.1f} us means moving "
        f"{with_zeros / bar_us / 1e6:.2f} TB/s")
