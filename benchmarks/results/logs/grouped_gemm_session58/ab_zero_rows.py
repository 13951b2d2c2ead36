"""Session 58: how the XLA grouped GEMM path zeroes the rows past masked_m, A/B in one process.

On one H100 (run397) the public op's XLA masked path lost to the plain batched dot (PEERS.md's
masked peer, which leaves those rows as computed): DS_G1_m1024_gu/masked 120.5 vs 115.2 us,
DS_G4_m256_gu/masked 129.7 vs 121.2; the difference is a select pass over the whole result
(`loop_select_fusion*`, 5-9 us). Variants:
  select_result  dot, then where(valid, y, 0) over [G, M, N] (the XLA path where K > N)
  select_lhs     where(valid, x, 0) over [G, M, K], then the dot (where K <= N)
  scatter        dot, then zeros scattered into only the rows past masked_m (in place)
  none           the dot alone (what invalid_rows="unwritten" needs; checked on the valid rows)
  auto           the public op; unwritten: the same with invalid_rows="unwritten" (valid rows)
each checked against the float32 reference, interleaved over rows and rounds
(`grouped_gemm_session20/ab_case.interleaved`, CUPTI, iters 10).

  python benchmarks/results/logs/grouped_gemm_session58/ab_zero_rows.py OUT ROUNDS SHAPE,...
  (SHAPE: a PEERS.md §3 name; each runs as its masked row)

run398 and run399 ran this script's first form (f9f0600: the same variants, iters 20, its own
loop over rows and rounds); the review of session 58 moved it onto `interleaved` (not re-run on
a GPU: no device time was left; checked on a CPU, `review_session58/ab_zero_rows_cpu.log`).
"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
import jax.numpy as jnp  # noqa: E402
import jaxkern  # noqa: E402
from ab_case import interleaved  # noqa: E402


def _valid(x, mm):
  return (jnp.arange(x.shape[1])[None, :] < mm[:, None])[..., None]


def select_result(a, b, mm):
  y = jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)
  return jnp.where(_valid(y, mm), y, jnp.zeros((), y.dtype))


def select_lhs(a, b, mm):
  a = jnp.where(_valid(a, mm), a, jnp.zeros((), a.dtype))
  return jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)


def scatter(a, b, mm):
  y = jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)
  g, m = y.shape[:2]
  rows = mm[:, None] + jnp.arange(m)[None, :]          # rows past masked_m; >= m are dropped
  return y.at[jnp.arange(g)[:, None], rows].set(0, mode="drop")


def none(a, b, mm):
  return jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)


def product(f):
  """A variant for `interleaved` (called with the kernel's arguments) running f(a, b, masked_m)."""
  return lambda: lambda a, b, masked_m, activation, config: f(a, b, masked_m)


def public_op(**kw):
  return lambda: lambda a, b, config, **call: jaxkern.grouped_gemm(a, b, **call, **kw)


VARIANTS = [("select_result", product(select_result)), ("select_lhs", product(select_lhs)),
            ("scatter", product(scatter)), ("none", product(none), "valid"),
            ("auto", public_op()), ("unwritten", public_op(invalid_rows="unwritten"), "valid")]

if __name__ == "__main__":
  out, rounds, names = args
  interleaved(f"{out}/ab_zero_rows.json", [f"{n}/masked" for n in names.split(",")], int(rounds),
              VARIANTS, width=24)
