"""Session 23 A/B: which of the grouped GEMM's partial-tile paths pay on the prefill rows: the
table's config as is (half tiles and tail column pieces on; `narrow_last` off), without half
tiles (`half_tiles` False), without tail pieces (`tail_split` 1). Checked, CUPTI kernel times
(grouped_gemm_session20/ab_case.py). Then, with ptxas reports on (MOSAIC_GPU_DUMP_PTXAS=1 set
by the caller), one compile of the first row per variant plus narrow_last on, each after a
'=== variant' line.
python benchmarks/results/logs/grouped_gemm_session23/ab_paths.py OUT shape,... [rounds]"""
import os, sys, time
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, interleaved
from pallas_kernels.grouped_gemm import mosaic

orig = dict(half_tiles=mosaic.half_tiles, tail_split=mosaic.tail_split,
            narrow_last=mosaic.narrow_last)
t0 = time.time()


def variant(**patch):
  def prepare():
    print(f"  [{time.time() - t0:6.0f} s]", flush=True)
    for name, fn in {**orig, "narrow_last": lambda *a, **kw: False, **patch}.items():
      setattr(mosaic, name, fn)
    jax.clear_caches()
    return mosaic.grouped_gemm_pallas
  return prepare


VARIANTS = [("base", variant()), ("no_half", variant(half_tiles=lambda *a, **kw: False)),
            ("no_piece", variant(tail_split=lambda *a, **kw: 1)),
            ("narrow", variant(narrow_last=orig["narrow_last"]))]
if sys.argv[1] == "ptxas":
  sets, call, ref, cfg, flops = case(sys.argv[2])
  for label, prepare in VARIANTS:
    fn = prepare()
    print(f"=== variant {label}", file=sys.stderr, flush=True)
    jax.jit(call(fn, config=cfg)).lower(*sets[0]).compile()
else:
  interleaved(f"{sys.argv[1]}/ab_paths.json", sys.argv[2].split(","),
              int(sys.argv[3]) if len(sys.argv) > 3 else 1, VARIANTS[:3], width=28)
for name, fn in orig.items():
  setattr(mosaic, name, fn)
