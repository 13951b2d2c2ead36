"""Session 37: staged per-sequence tiles' variants in one process, through temporary module
switches of the kernel (extend_attention_session16/attn_case.interleaved: table config, checked
against the float32 reference, CUPTI kernel times, variants interleaved). Two sets:
  direct (run249, with direct_experiment.patch and an _UNMASK switch applied):
    stage    the rows through a shared-memory stage buffer, then TMA boxes (as before);
    direct   the rows stored from registers straight into the result (mosaic._DIRECT);
    unmask   direct, and the unmask below (mosaic._UNMASK);
  unmask (run250/251, switches _UNMASK and _BOXES, since folded into the kernel):
    base     as before the session;
    unmask   a key block every row of the sequence sees skips the mask whatever the tile's rows
             outside the sequence (never stored) would see;
    boxes    unmask, and the output's TMA boxes only up to max_extend_len rows (verify_burst's
             4 rows take boxes of 4, 2, 1 instead of 32 ... 1).
python benchmarks/results/logs/extend_attention_session37/ab_flags.py OUT shapes rounds SET"""
import sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved
from pallas_kernels.extend_attention import mosaic

SETS = {"direct": ("_DIRECT", "_UNMASK", ("stage", "direct", "unmask")),
        "unmask": ("_UNMASK", "_BOXES", ("base", "unmask", "boxes"))}
first, second, labels = SETS[sys.argv[4]]


def flags(a, b):
  def apply():
    setattr(mosaic, first, a)
    setattr(mosaic, second, b)
  return apply


try:
  interleaved(f"{sys.argv[1]}/ab_{sys.argv[4]}.json", sys.argv[2].split(","), int(sys.argv[3]),
              list(zip(labels, (flags(False, False), flags(True, False), flags(True, True)))))
finally:
  setattr(mosaic, first, True)
  setattr(mosaic, second, True)
