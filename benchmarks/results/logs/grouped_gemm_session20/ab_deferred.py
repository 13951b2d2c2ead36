"""Session 20 A/B: group tiles with each unit's stores issued under the next unit's first K step
(mosaic.deferred_stores, `_Pending`) vs stored right after the unit's K loop, and (run122 on) a
last column tile at most half inside N run as its first column piece (mosaic.narrow_last_column)
or whole; the table's config of each shape, checked against the float32 reference, CUPTI kernel
times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session20/ab_deferred.py OUT shape[/swiglu],... [rounds [variants]]
variants: e.g. "10,11" = (deferred, narrow) pairs; default "00,10" (run120/121: deferral only,
narrow did not exist yet). Review after the session: the case setup and the timed line moved to
ab_case.py (shared with ab_prefetch.py); the same calls."""
import json, sys
from ab_case import case, timed
from benchmarks import _mgpu_debug
from pallas_kernels.grouped_gemm import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
variants = [(v[0] == "1", v[1] == "1") for v in (sys.argv[4] if len(sys.argv) > 4 else "00,10").split(",")]
orig, orig_narrow = mosaic.deferred_stores, getattr(mosaic, "narrow_last_column", None)
off = lambda *a, **k: False
_mgpu_debug.install()
records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for deferred, narrow in variants:
      mosaic.deferred_stores = orig if deferred else off
      if orig_narrow is not None:
        mosaic.narrow_last_column = orig_narrow if narrow else off
      records.append(timed(
          dict(shape=full, round=rnd, deferred=deferred, narrow=narrow, config=str(cfg)),
          call(mosaic.grouped_gemm_pallas, config=cfg), ref, sets, flops,
          f"r{rnd} {full:32s} deferred={deferred:d} narrow={narrow:d}",
          stop_on_layout_failure=deferred))
  mosaic.deferred_stores, mosaic.narrow_last_column = orig, orig_narrow
  json.dump(records, open(f"{out_dir}/ab_deferred.json", "w"), indent=1)
