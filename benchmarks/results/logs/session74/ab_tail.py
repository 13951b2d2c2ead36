"""Session 74, ready (not run): the persistent deal with tails of up to two waves
(`plan.DEAL_WAVES` = 2) against the table's one wave, on the prefix-free chunks
the rule runs on persistent CTAs. The launch model (item costs of the session-16 fit) has the
longer tail ending sooner: chunk_16x1024_p0 45.40 against 47.05 units (3.5%), chunk_32x512_p0
29.4 against 29.75 (1.2%); in session 18 it had foreseen 8% for the one-wave tail, which then
measured 2.2% (run108). chunk_8x512_p0 has 128 items for 132 CTAs: no tail. Interleaved
rounds in one process, checked against the float32 reference, CUPTI kernel us.
  python benchmarks/results/logs/session74/ab_tail.py OUT [shapes] [rounds]"""
import sys

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved   # noqa: E402
from pallas_kernels.extend_attention import plan   # noqa: E402

out_dir = sys.argv[1]
names = (sys.argv[2] if len(sys.argv) > 2 else "chunk_16x1024_p0,chunk_32x512_p0").split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3


def waves(n):
  return lambda: setattr(plan, "DEAL_WAVES", n)   # returns None: the table's config


kept = plan.DEAL_WAVES
try:
  interleaved(f"{out_dir}/ab_tail.json", names, rounds, [("wave1", waves(1)), ("waves2", waves(2))])
finally:
  plan.DEAL_WAVES = kept
