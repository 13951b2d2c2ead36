"""Session 23: with extend blocks first, the first prefix block's page-table entries loaded with
the segment's facts (beside the extend block's TMA issue; mosaic._SPEC_PAGES, part of the
kernel's static facts) against loaded in the prefix step (the committed code), same process
(extend_attention_session16/attn_case.interleaved: table config, checked, CUPTI).
The switch and the early load live in spec_pages_experiment.patch (applied for run154, not kept).
python benchmarks/results/logs/extend_attention_session23/ab_spec_pages.py OUT shapes [rounds]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved
from pallas_kernels.extend_attention import mosaic


def switch(on):
  def apply():
    mosaic._SPEC_PAGES = on
  return apply


interleaved(f"{sys.argv[1]}/ab_spec_pages.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 2,
            [("in_step", switch(False)), ("spec", switch(True))])
mosaic._SPEC_PAGES = True
