"""Session 23: per-sequence tiles running a sequence's extend blocks before its prefix blocks
(mosaic._EXT_FIRST, part of the kernel's static facts: the first block's TMA then waits for the
sequence's bounds only, not also for a page-table entry) against prefix blocks first
(extend_attention_session16/attn_case.interleaved: table config, checked, CUPTI).
The switch was removed once extend blocks first was kept; this ran at run151 (an H100).
python benchmarks/results/logs/extend_attention_session23/ab_ext_first.py OUT shapes [rounds]
run151 ran this loop written out in the script; the review after session 23 moved it into
attn_case.flag_ab (the same calls).
"""
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import flag_ab

flag_ab(f"{sys.argv[1]}/ab_ext_first.json", sys.argv[2].split(","),
        int(sys.argv[3]) if len(sys.argv) > 3 else 2, "_EXT_FIRST", ('prefix_first', 'ext_first'))
