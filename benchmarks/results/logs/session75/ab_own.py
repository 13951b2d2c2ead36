"""Session 75: the persistent deal on an item's own cost as fitted to the kernel (about one
64-key step: session74/launch_model_check.log, corrected) against the model's 2.35 steps
(plan.ITEM_STEPS - PERSISTENT_SAVES_US / STEP_US_64), on the two prefix-free chunk rows the H200
runs persistent, each on its table config (chunk_16x1024_p0 with deal_waves = 4). The variant sets
plan.PERSISTENT_SAVES_US so that a persistent item's own cost is one step; the rule's choices of
every benchmark shape stay the same with it (checked on CPU). Under the fitted model the deals
end 1.2% (82 against 83 steps) and 1.9% (51 against 52) sooner. Interleaved rounds in one
process, checked against the float32 reference, CUPTI kernel us.
  python benchmarks/results/logs/session75/ab_own.py OUT [rounds]"""
import sys

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved   # noqa: E402
from pallas_kernels.extend_attention import plan   # noqa: E402

out_dir = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
kept = plan.PERSISTENT_SAVES_US


def saves(us):
  return lambda: setattr(plan, "PERSISTENT_SAVES_US", us)   # returns None: the table's config


try:
  interleaved(f"{out_dir}/ab_own.json", ["chunk_16x1024_p0", "chunk_32x512_p0"], rounds,
              [("own2.35", saves(kept)),
               ("own1", saves((plan.ITEM_STEPS - 1.0) * plan.STEP_US_64))])
finally:
  plan.PERSISTENT_SAVES_US = kept
