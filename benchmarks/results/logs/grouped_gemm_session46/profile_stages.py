"""Session 46: session 39's fp8 step profile (profile_fp8.py: consumers' wait_full / wait_mma /
promote, the producer's wait_free, SM cycles) at a given ring depth rather than 3.
python .../profile_stages.py OUT ROW STAGES [SPACE]   (repository root; PYTHONPATH=.:tests)"""
import dataclasses, functools, json, os, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from benchmarks._mgpu_profile import profiled_trace, region_shares
from pallas_kernels.grouped_gemm import mosaic

out_dir, full, stages = sys.argv[1], sys.argv[2], int(sys.argv[3])
space = int(sys.argv[4]) if len(sys.argv) > 4 else 1500
sets, call, ref, cfg, flops = case(full)
cfg = dataclasses.replace(cfg, num_stages=stages)
rec = timed(dict(shape=full, config=str(cfg)), call(mosaic.grouped_gemm_pallas, config=cfg), ref,
            sets, flops, f"{full:28s} s{stages}")
trace = profiled_trace(call(functools.partial(mosaic.grouped_gemm_pallas, config=cfg)), sets[0],
                       os.path.join(out_dir, f"prof_s{stages}"), space=space)
if trace is None:
  sys.exit(f"{full}: no trace")
# (tid - 1: the warpgroup's index, CTA by CTA; the third of each CTA's is the producer)
summary = region_shares(trace, lambda tid: "producer" if (tid - 1) % 3 == 2 else "consumer")
print(json.dumps(dict(stages=stages, summary=summary)), flush=True)
rec.update(summary=summary)
rec.pop("kernels", None)
json.dump(rec, open(f"{out_dir}/profile_s{stages}.json", "w"), indent=1)
for f in os.listdir(os.path.join(out_dir, f"prof_s{stages}")):   # (too large to fetch)
  os.remove(os.path.join(out_dir, f"prof_s{stages}", f))
