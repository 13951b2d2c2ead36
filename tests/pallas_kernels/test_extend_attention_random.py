"""The Mosaic GPU extend-attention kernel on random batches with random kernel configs, in Mosaic
GPU interpret mode on CPU (race detection on, abstract H200 mesh), against the float64 oracle
(test_extend_attention_mosaic.py's `_check`: no NaN, zeros in the padded rows, relative and
worst-row error). The fixed cases there cover each feature; here they come together: 1-4
sequences with or without a cached prefix (empty ones too), page size 1 or 16, GQA 1/2/4/8,
head_dim 64/128, a sliding window, a soft-cap, global or per-sequence tiles, 1 or 2 consumers,
64/128-key blocks, 2-3 stages, split sequences, launch orders, overlapped softmax, persistent
CTAs. `random_case` also drives benchmarks/results/logs/grouped_gemm_session47/fuzz.py
(many more cases)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention.support import unsupported_reason
from tests.pallas_kernels.test_extend_attention_mosaic import _check

HEADS = ((2, 2), (4, 2), (4, 1), (8, 1), (8, 2))     # (Hq, Hkv): GQA 1, 2, 4, 8, 4


def random_config(rng) -> ExtendAttentionPallasConfig:
  """A config the dataclass accepts (tile orders and persistent CTAs need global tiles, splits
  per-sequence ones)."""
  while True:
    tiles = str(rng.choice(["global", "sequence"]))
    fields = dict(tiles=tiles, consumers=int(rng.choice([1, 2])),
                  block_kv=int(rng.choice([64, 128])), num_stages=int(rng.choice([2, 3])),
                  overlap=bool(rng.random() < 0.4))
    if tiles == "global":
      fields.update(tile_order=str(rng.choice(["index", "cost", "position"])),
                    persistent_ctas=int(rng.choice([0, 0, 2, 3])))
    else:
      fields.update(num_splits=int(rng.choice([1, 2, 3])))
    try:
      return ExtendAttentionPallasConfig(**fields)
    except ValueError:
      continue


def random_case(rng) -> dict:
  """_check's keywords for a random batch and a config the kernel takes for it."""
  num_seqs = int(rng.integers(1, 5))
  seqs = [(int(rng.choice([0, rng.integers(0, 100)])), int(rng.integers(0, 70)))
          for _ in range(num_seqs)]
  if max(e for _, e in seqs) == 0:
    seqs[0] = (seqs[0][0], 1)
  hq, hkv = HEADS[int(rng.integers(0, len(HEADS)))]
  head_dim = int(rng.choice([64, 128]))
  while True:
    config = random_config(rng)
    if unsupported_reason(config, head_dim=head_dim, dtype="bfloat16", num_q_heads=hq,
                          num_kv_heads=hkv) is None:
      break
  window = None if rng.random() < 0.5 else int(rng.integers(1, 120))
  cap = None if rng.random() < 0.7 else 5.0
  return dict(seqs=seqs, hq=hq, hkv=hkv, head_dim=head_dim, page_size=int(rng.choice([1, 16])),
              config=config, sliding_window=window, logit_cap=cap)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_batches_and_configs_match_the_oracle(seed):
  rng = np.random.default_rng(seed)
  case = random_case(rng)
  _check(rng, case.pop("seqs"), **case)
