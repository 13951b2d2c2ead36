"""Session 39 (runs on the kernel with this folder's fp8_promote_experiment.patch applied: the
`mosaic.FP8_PROMOTE` flag is not in the kernel since): the fp8 K step's promotion. "full" (the
kernel's) and "prescale" (the row scales times the block scales formed before the wgmma is awaited) are
checked and timed as A/B variants; the ablations "add" (sums without scales) and "skip" (the
last step's product only) give wrong results by design and are timed unchecked, to bound what
the promotion costs. One process, variants interleaved, CUPTI kernel time.
"nowait" (run270) runs the 16-bit K loop on the fp8 operands, one accumulator with a wgmma
group kept in flight and no scales (wrong results, unchecked).
python .../ab_promote.py OUT ROUNDS ROW[,ROW...] [MODE,...]"""
import json, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, config_runner, timed
from benchmarks import _timing
from pallas_kernels.grouped_gemm import mosaic

out, rounds, rows = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
MODES = sys.argv[4].split(",") if len(sys.argv) > 4 else ("full", "prescale", "add", "skip")
records = []
for full in rows:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for mode in MODES:
      mosaic.FP8_PROMOTE = mode
      fn = call(config_runner(mosaic, {}), config=cfg)
      rec = dict(shape=full, round=rnd, variant=mode, config=str(cfg))
      if mode in ("full", "prescale"):
        records.append(timed(rec, fn, ref, sets, flops, f"r{rnd} {full:28s} {mode:8s}"))
      else:
        t = _timing.time_fn(fn, sets, iters=10)
        kern = sum(v for k, v in (t.kernels or {}).items() if "mosaic" in k)
        print(f"r{rnd} {full:28s} {mode:8s} {t.us:8.1f} us kernel {kern:8.1f} (unchecked)",
              flush=True)
        records.append(dict(rec, us=t.us, kernel_us=kern, note="ablation: wrong results"))
      json.dump(records, open(f"{out}/ab_promote.json", "w"), indent=1)
