"""Session 21 A/B (measurement for the next session, not landed): a deferred unit's chunk stores
one per K step (committed) vs one every other step (`_Pending.flushes` patched to put a no-op
between chunks: up to 7 peeled steps); the table's config, checked, CUPTI kernel times.
python benchmarks/results/logs/grouped_gemm_session21/ab_spacing.py OUT shape,... [rounds]
Review after the session: the loop moved to ../grouped_gemm_session20/ab_case.py (interleaved)."""
import sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic

orig = mosaic._Pending.flushes


def every_other(self, *args, **kw):
  spaced = []
  for f in orig(self, *args, **kw):
    spaced += [f, lambda: None]
  return tuple(spaced[:-1])


def variant(flushes):
  def prepare():
    mosaic._Pending.flushes = flushes
    jax.clear_caches()       # _call's trace is cached per config: both variants share it
    return mosaic.grouped_gemm_pallas
  return prepare


interleaved(f"{sys.argv[1]}/ab_spacing.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 1,
            [("every", variant(orig)), ("every_other", variant(every_other))], width=28)
mosaic._Pending.flushes = orig
