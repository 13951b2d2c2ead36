"""Session 23: with extend blocks first, the first prefix block's page-table entries loaded with
the segment's facts (beside the extend block's TMA issue; mosaic._SPEC_PAGES, part of the
kernel's static facts) against loaded in the prefix step (the committed code), same process
(extend_attention_session16/attn_case.interleaved: table config, checked, CUPTI).
The switch and the early load live in spec_pages_experiment.patch (applied for run154, not kept).
python benchmarks/results/logs/extend_attention_session23/ab_spec_pages.py OUT shapes [rounds]
run154 ran this loop written out in the script; the review after session 23 moved it into
attn_case.flag_ab (the same calls).
"""
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import flag_ab

flag_ab(f"{sys.argv[1]}/ab_spec_pages.json", sys.argv[2].split(","),
        int(sys.argv[3]) if len(sys.argv) > 3 else 2, "_SPEC_PAGES", ('in_step', 'spec'))
