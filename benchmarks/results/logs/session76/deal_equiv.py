"""Session 76 (CPU): the fused kernel's tail deals on `plan.StreamDeal` / `SegmentDeal` give the
runs the session's first `work_item` gave, for every CTA, on every shape runs 499-502 timed and
the index tests'; where a tail has fewer K steps than CTAs (none of those shapes), the same runs
on other CTAs. The old mosaic.py is the argument: 6d7a062's (the code of runs 499-502: no
tail_segments) and 2dd122c's (segments in the first form):
  git show 6d7a062:pallas_kernels/gemm_rs/mosaic.py > /tmp/m1.py
  python3 -m benchmarks.results.logs.session76.deal_equiv /tmp/m1.py  (deal_equiv_6d7a062.log)
and the same with 2dd122c (deal_equiv_2dd122c.log)."""

import importlib.util
import sys

import numpy as np

from pallas_kernels.gemm_rs import mosaic as new

# (label, units, k_steps): M x N / 32768 units of K/tp / 64 steps
SHAPES = [("8192^3 tp 2", 2048, 64), ("8192^3 tp 4", 2048, 32),
          ("8192x8192x29568 tp 2", 2048, 231), ("8192x8192x29568 tp 4", 2048, 116),
          ("1024x8192x29568 tp 4", 256, 116), ("2048x8192x29568 tp 4", 512, 116),
          ("4096x8192x29568 tp 4", 1024, 116), ("16384x8192x29568 tp 4", 4096, 116),
          ("1024x4096x4096 tp 4", 128, 16), ("256x8192x8192 tp 2", 64, 64),
          ("264x10", 264, 10), ("137x3", 137, 3), ("3x5 on 20", 3, 5)]


def runs(mod, units, k, ctas, **tail):
  tail = {"split_tail": False, **tail}     # (6d7a062's functions want split_tail given)
  cta = np.arange(ctas)
  if hasattr(mod, "fused_deal"):           # the deal objects (the review of session 76)
    deal = mod.fused_deal(units=units, k_steps=k, num_ctas=ctas, **tail)
    count, item = deal.count, lambda i, c: mod.deal_run(deal, c, i, k)
  else:                                    # the session's work_item / work_items
    args = dict(units=units, k_steps=k, num_ctas=ctas, **tail)
    count, item = (lambda c: mod.work_items(c, **args)), (lambda i, c: mod.work_item(i, c, **args))
  counts = np.broadcast_to(np.asarray(count(cta)), (ctas,))
  out = []
  for i in range(int(counts.max())):
    out.append(np.stack([np.broadcast_to(np.asarray(x), (ctas,)) for x in item(i, cta)]))
  return [[tuple(int(v) for v in out[i][:, c]) for i in range(counts[c])] for c in range(ctas)]


def main(old_path):
  spec = importlib.util.spec_from_file_location("old_mosaic", old_path)
  old = importlib.util.module_from_spec(spec)
  sys.modules["old_mosaic"] = old       # (dataclasses look their module up)
  spec.loader.exec_module(old)
  for label, units, k in SHAPES:
    sms = 20 if label.endswith("on 20") else 132
    for tail in ({}, {"split_tail": True}, {"tail_segments": 4}):
      if "tail_segments" in tail and not hasattr(old, "tail_segments_used"):
        continue                        # (6d7a062, the code of runs 499-502, has no segments)
      ctas = new.launch_ctas(units=units, k_steps=k, num_sms=sms, **tail)
      old_ctas = (old.launch_ctas(units=units, k_steps=k, num_sms=sms, **tail)
                  if hasattr(old, "launch_ctas") else
                  max(1, min(sms, units * k if tail else units)))   # 6d7a062's, inline
      assert ctas == old_ctas, (label, tail)
      a, b = runs(old, units, k, ctas, **tail), runs(new, units, k, ctas, **tail)
      name = next(iter(tail), "waves")
      # Where the tail has fewer K steps than CTAs, the first deal spread its one-step ranges
      # over all CTAs (c * steps // C), StreamDeal gives them to the first `steps` CTAs.
      few = 0 < units % ctas * k < ctas and "split_tail" in tail
      print(f"{label:24s} {name:13s} CTAs {ctas:3d}: "
            f"{'same runs' if a == b else 'DIFFERENT'} ({sum(map(len, b))} runs)"
            + (" (tail steps < CTAs)" if few else ""))
      assert a == b or few
      assert sorted(r for c in a for r in c) == sorted(r for c in b for r in c)


if __name__ == "__main__":
  main(sys.argv[1])
