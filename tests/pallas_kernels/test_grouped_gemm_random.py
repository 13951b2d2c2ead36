"""The Mosaic GPU grouped GEMM on random problems with random kernel configs, in Mosaic GPU
interpret mode on CPU (race detection on, abstract H200 mesh), against the float64 numpy oracle.
test_grouped_gemm_mosaic.py covers each feature with a fixed case; here they come together:
layout, group count, empty groups, ragged sizes, NaN in every row no group owns, K any multiple
of 8 (fp8: of 128), a partial last column tile, fp8 1D2D scales in both weight layouts, SwiGLU,
invalid_rows, row or group tiles, either split, 64/128/192-row tiles, stream-K with either
partials layout, both lhs box modes, 1-6 CTAs. `random_problem` and `check_problem` also drive
benchmarks/results/logs/grouped_gemm_session47/fuzz.py (gemm) (many more problems, with the
configs the kernel rejects checked for a stated reason)."""

from __future__ import annotations

import dataclasses

import jax.numpy as jnp
import numpy as np
from hypothesis import given, settings, strategies as st

from pallas_kernels.grouped_gemm import quantize_lhs_fp8, quantize_rhs_fp8
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.support import unsupported_reason
from tests._testing import dequant_lhs, dequant_rhs, grouped_gemm_numpy, random_group_sizes
from tests.pallas_kernels.test_grouped_gemm_mosaic import _close, _run
# The consumer tiles the fp8 kernel takes (64 x 128 or 64 x 192 a consumer).
FP8_TILES = (dict(block_m=128, split="m", block_n=128), dict(block_m=128, split="m", block_n=192),
             dict(block_m=64, split="n", block_n=256))


def random_config(rng, fp8: bool) -> GroupedGemmPallasConfig:
  """A config the dataclass accepts (its own checks: consumer shares of whole wgmma tiles)."""
  while True:
    fields = dict(block_m=int(rng.choice([64, 128, 192])),
                  block_n=int(rng.choice([64, 128, 192, 256])),
                  split=str(rng.choice(["m", "n"])), num_stages=int(rng.choice([2, 3])),
                  band=int(rng.choice([1, 2, 8])), tiles=str(rng.choice(["rows", "groups"])),
                  lhs_boxes=str(rng.choice(["one", "exact"])))
    if fp8:
      fields.update(FP8_TILES[int(rng.integers(0, len(FP8_TILES)))], block_k=128)
    if fields["tiles"] == "groups" and rng.random() < 0.3:
      fields.update(stream_k=True, sk_partials=str(rng.choice(["tile", "lanes"])))
    if fields["tiles"] == "groups":
      fields.update(segment_stores=str(rng.choice(["swizzled", "rows"])))
    try:
      return GroupedGemmPallasConfig(**fields)
    except ValueError:
      continue


@dataclasses.dataclass
class Problem:
  desc: dict          # what was drawn (printed with a failure)
  args: tuple         # lhs, rhs[, group_sizes]
  kwargs: dict        # grouped_gemm_pallas's keywords
  want: np.ndarray    # the float64 oracle (zeros in the rows no group owns)
  valid: np.ndarray   # bool over the result's rows: owned by a group

  def reason(self) -> str | None:
    """Why the kernel rejects this problem (None: it must run it)."""
    dtype = jnp.dtype(self.args[0].dtype)
    rhs = self.args[1]
    k, n = ((rhs.shape[2], rhs.shape[1]) if self.kwargs.get("rhs_layout") == "nk" else
            rhs.shape[1:])
    return unsupported_reason(self.kwargs["config"], k=k, n=n, dtype=dtype.name,
                              out_dtype="bfloat16", activation=self.kwargs["activation"])

  def run(self):
    return _run(*self.args, **self.kwargs)


def random_problem(rng) -> Problem:
  fp8 = rng.random() < 0.25
  masked = rng.random() < 0.4
  g = int(rng.integers(1, 6))
  k = int(rng.choice([128, 256])) if fp8 else int(8 * rng.integers(1, 30))
  activation = None if fp8 or rng.random() < 0.7 else "swiglu"
  n = int(rng.choice([64, 128, 192, 256, 320])) * (2 if activation else 1)
  invalid_rows = "unwritten" if rng.random() < 0.3 else "zero"
  config = random_config(rng, fp8)
  kwargs = dict(config=config, num_sms=int(rng.integers(1, 7)), activation=activation,
                invalid_rows=invalid_rows)
  if masked:
    m_max = int(8 * rng.integers(4, 40))
    masked_m = rng.integers(0, m_max + 1, size=g).astype(np.int32)
    masked_m[rng.random(g) < 0.2] = 0
    valid = np.arange(m_max)[None, :] < masked_m[:, None]
    lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
    kwargs["masked_m"] = jnp.asarray(masked_m)
  else:
    m = int(8 * rng.integers(4, 50))
    used = int(rng.integers(0, m + 1))
    sizes = random_group_sizes(rng, g, used, empty=int(rng.integers(0, g)))
    valid = np.arange(m) < used
    lhs = rng.standard_normal((m, k)).astype(np.float32)
  lhs[~valid] = np.nan                    # rows no group owns may hold anything
  rhs = (rng.standard_normal((g, k, n)) / np.sqrt(k)).astype(np.float32)
  desc = dict(fp8=fp8, masked=masked, groups=g, lhs=lhs.shape, k=k, n=n, activation=activation,
              invalid_rows=invalid_rows, num_sms=kwargs["num_sms"], config=repr(config))
  if fp8:
    layout = str(rng.choice(["kn", "nk"]))
    lhs_q, lhs_s = quantize_lhs_fp8(jnp.asarray(np.nan_to_num(lhs)))
    rhs_q, rhs_s = quantize_rhs_fp8(jnp.asarray(rhs), rhs_layout=layout)
    args = (lhs_q, rhs_q)
    x, w = dequant_lhs(lhs_q, lhs_s), dequant_rhs(*quantize_rhs_fp8(jnp.asarray(rhs)))
    kwargs.update(lhs_scale=lhs_s, rhs_scale=rhs_s, rhs_layout=layout)
    desc["rhs_layout"] = layout
  else:
    args = (jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16))
    x, w = (np.nan_to_num(np.asarray(a, np.float64)) for a in args)
  if masked:
    want = grouped_gemm_numpy(x, w, masked_m=masked_m, activation=activation)
  else:
    want = grouped_gemm_numpy(x, w, sizes, activation=activation)
    args += (jnp.asarray(sizes),)
  return Problem(desc, args, kwargs, want, valid)


def check_problem(problem: Problem, out) -> None:
  """Asserts `out` is right: its shape; the valid rows as test_grouped_gemm_mosaic.py's `_close`
  checks them (no NaN, relative and worst-row error); zeros past them with invalid_rows="zero"."""
  assert out.shape == problem.want.shape, (out.shape, problem.want.shape)
  out = np.asarray(jnp.asarray(out, jnp.float32), np.float64)
  _close(out[problem.valid], problem.want[problem.valid])
  if problem.kwargs["invalid_rows"] == "zero":
    assert np.all(out[~problem.valid] == 0), "rows past the valid ones not zero"


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_problems_and_configs_match_the_oracle(seed):
  rng = np.random.default_rng(seed)
  problem = random_problem(rng)
  while problem.reason() is not None:   # a config this problem cannot take: draw again
    problem = random_problem(rng)
  check_problem(problem, problem.run())
