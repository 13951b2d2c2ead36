"""Session 38: ptxas reports (MOSAIC_GPU_DUMP_PTXAS=1 set by the caller) of Gemma gate/up's kernel
(Gm_prefill_gu, the table's 128 x 192 config unless overridden) per variant, each compile after a
'=== variant' line on stderr: "full" (no last-tile branch), "cond" (the last column tile in a
branch of its own at the whole width), "narrow" (that branch at 64 columns), and at 128 x 256:
"w256" (half tiles and tail pieces: branches) and "w256_plain" (neither). Needs
last_tile_cols_experiment.patch applied (support.last_tile_cols).
python .../ptxas_last_cols.py"""
import dataclasses, sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case
from pallas_kernels.grouped_gemm import mosaic, support

sets, call, ref, cfg, flops = case("Gm_prefill_gu")
orig = dict(last_tile_cols=support.last_tile_cols, half_tiles=mosaic.half_tiles,
            tail_split=mosaic.tail_split)
none = lambda config, **kw: 0
same = lambda config, split=None, **kw: config.wg_tile[1] if split is None else config.block_n // 2
VARIANTS = [("full", dict(last_tile_cols=none), {}),
            ("cond", dict(last_tile_cols=same), {}),
            ("narrow", {}, {}),
            ("w256", dict(last_tile_cols=none), dict(block_n=256)),
            ("w256_plain", dict(last_tile_cols=none, half_tiles=lambda *a, **kw: False,
                                tail_split=lambda *a, **kw: 1), dict(block_n=256))]
for label, patch, over in VARIANTS:
  for name, fn in {**orig, **patch}.items():
    setattr(mosaic, name, fn)
  jax.clear_caches()
  print(f"=== variant {label}", file=sys.stderr, flush=True)
  jax.jit(call(mosaic.grouped_gemm_pallas, config=dataclasses.replace(cfg, **over))).lower(
      *sets[0]).compile()
