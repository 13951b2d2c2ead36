"""Session 32: narrow loads on per-sequence tiles (plan.narrow_boxes: a verify / decode tile loads
only the query rows and extend keys its sequence can have, V's other rows as TMA zero fill)
against whole boxes (64 / G token rows of queries per head, block_kv extend keys), through the
temporary switch mosaic._NARROW (part of the kernel's static facts; removed once kept).
extend_attention_session16/attn_case.flag_ab: table config, checked against the float32
reference, CUPTI kernel times, variants interleaved in one process.
python benchmarks/results/logs/extend_attention_session32/ab_narrow.py OUT shapes [rounds]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import flag_ab

flag_ab(f"{sys.argv[1]}/ab_narrow.json", sys.argv[2].split(","),
        int(sys.argv[3]) if len(sys.argv) > 3 else 2, "_NARROW", ("whole", "narrow"))
