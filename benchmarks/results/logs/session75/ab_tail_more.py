"""Session 75: longer sorted tails for the persistent deal (plan.DEAL_WAVES 4 and 6) against the
two waves it now takes, on the two prefix-free chunk rows whose deals they change (the model's
ends, units: chunk_16x1024_p0 93.79 / 93.14 / 92.44, chunk_32x512_p0 62.14 / 61.79 / 61.79;
in run491 two waves against one measured 2.5% where the model had 0.7%). Interleaved rounds in
one process, checked against the float32 reference, CUPTI kernel us.
  python benchmarks/results/logs/session75/ab_tail_more.py OUT [rounds]"""
import sys

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved   # noqa: E402
from pallas_kernels.extend_attention import plan   # noqa: E402

out_dir = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def waves(n):
  return lambda: setattr(plan, "DEAL_WAVES", n)   # returns None: the table's config


kept = plan.DEAL_WAVES
try:
  interleaved(f"{out_dir}/ab_tail_more.json", ["chunk_16x1024_p0", "chunk_32x512_p0"], rounds,
              [(f"waves{n}", waves(n)) for n in (2, 4, 6)])
finally:
  plan.DEAL_WAVES = kept
