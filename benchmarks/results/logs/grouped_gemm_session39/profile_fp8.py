"""Session 39: where an fp8 K step's time goes (1D2D promotion), from a Mosaic GPU profiler
trace of the table's config with 3 stages (the profiler's buffer lives in shared memory), or
`stages` (session 46: the ring depth to profile at, e.g. the table's own where it fits).
python .../profile_fp8.py OUT row [space] [stages]   (repository root; PYTHONPATH=.:tests)
Named regions: consumers' wait_full (operands not yet landed), wait_mma (the step's wgmma
awaited), promote (the float32 sums); the producer's wait_free (ring full). Prints each
region's share of its warpgroup's traced span and its mean per occurrence in SM cycles.
(run268 ran this with its own copy of the trace reader, now `benchmarks/_mgpu_profile`.)"""
import dataclasses, functools, json, os, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from benchmarks._mgpu_profile import profiled_trace, region_shares
from pallas_kernels.grouped_gemm import mosaic

out_dir, full = sys.argv[1], sys.argv[2]
space = int(sys.argv[3]) if len(sys.argv) > 3 else 1500
stages = int(sys.argv[4]) if len(sys.argv) > 4 else 3
sets, call, ref, cfg, flops = case(full)
profiled = dataclasses.replace(cfg, num_stages=stages)
records = [timed(dict(shape=full, variant=label, config=str(c)),
                 call(mosaic.grouped_gemm_pallas, config=c), ref, sets, flops,
                 f"{full:28s} {label:8s}")
           for label, c in (("table", cfg), (f"stages{stages}", profiled))]
trace = profiled_trace(call(functools.partial(mosaic.grouped_gemm_pallas, config=profiled)),
                       sets[0], os.path.join(out_dir, "prof_" + full.replace("/", "_")),
                       space=space)
if trace is None:
  sys.exit(f"{full}: no trace")
summary = region_shares(trace, lambda tid: "producer" if (tid - 1) % 3 == 2 else "consumer")
print(json.dumps(summary, indent=1), flush=True)
records.append(dict(shape=full, config=str(profiled), summary=summary))
json.dump(records, open(f"{out_dir}/profile_fp8.json", "w"), indent=1)
