"""Session 55: persistent CTAs on global-tile chunks over a prefix of more than one key block,
where the rule keeps one CTA per item (its launch model is only exact up to one block of
prefix). Per shape, interleaved in one process (extend_attention_session16/attn_case.interleaved:
checked against the float32 reference, CUPTI kernel times): the table's config, the same launched
persistently on every SM, and the overlap switched (with and without persistence).
python benchmarks/results/logs/extend_attention_session55/ab_persist.py OUT shapes rounds"""
import dataclasses
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved
from jaxkern.device import DeviceSpec

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
SMS = DeviceSpec.current().num_sms or 132


def variants(the_case):
  cfg = the_case[4]
  flip = dataclasses.replace(cfg, overlap=not cfg.overlap, persistent_ctas=0)
  one = dataclasses.replace(cfg, persistent_ctas=0)
  out = [("table", lambda: one), ("persist", lambda: dataclasses.replace(one, persistent_ctas=SMS)),
         ("flip_ov", lambda: flip),
         ("flip_ov+p", lambda: dataclasses.replace(flip, persistent_ctas=SMS))]
  return out


interleaved(f"{out_dir}/ab_persist.json", names, rounds, variants)
