"""Session 74's CPU arithmetic on the extend attention launch model (no device; from the
repository root: `python3 -m benchmarks.results.logs.session74.launch_model_check`, output in
launch_model_check.log here).

1. The persistent deal of the two prefix-free chunk rows the rule runs on 132 persistent CTAs
   (chunk_16x1024_p0, chunk_32x512_p0: 256 global tiles of 64 tokens, 4 KV heads, 64-key
   steps, one of them the prefix's: the batch's page table has one page of 16, so the static
   bound `plan.visible_prefix` is 16 keys, as the kernel prices it; session 75 corrected the
   tiles, first taken as 128 of 128 tokens, and this step: logs/session75/deal_scope.py rebuilds
   the kernel's deal from the rule's config), on the model's costs (`plan.item_costs(..., persistent=True)`): the list schedule's
   end with tails of up to one wave (the kernel's deal) and of up to two waves
   (`plan.DEAL_WAVES` = 2, as ab_tail.py sets it), and how many entries of the two deals differ.
2. What the model's step would be in FLOP/s, and a fit of a step's time and an item's own cost
   (in steps) to the two rows' Mosaic kernel times in run486 (one H200, page size 16, read from
   run486/attn_1.json), taking a kernel's time to be its most loaded CTA's under the deal the
   kernel makes."""

import json
import pathlib

import numpy as np

from pallas_kernels.extend_attention import plan

CTAS = 132
RUN486 = {r["shape"]: r for r in json.loads(
    (pathlib.Path(__file__).parent / "run486/attn_1.json").read_text())["records"]
    if r["impl"] == "jaxkern:auto"}
ROWS = {name: (tokens, RUN486[name]["kernels"]["entry_mosaic_gpu_kernel"])
        for name, tokens in (("chunk_16x1024_p0", 1024), ("chunk_32x512_p0", 512))}


def steps_of(seq_tokens):
  return np.asarray(plan.launch_steps(tile_order="index", num_tiles=256, num_kv_heads=4,
                                      tile_tokens=64, seq_tokens=seq_tokens, block_kv=64,
                                      prefix_steps=1, window=None), np.float64)


def deal(costs, waves):
  """The kernel's deal (plan.persistent_deal) with DEAL_WAVES = waves, as ab_tail.py sets it."""
  kept, plan.DEAL_WAVES = plan.DEAL_WAVES, waves
  try:
    return plan.persistent_deal(costs, CTAS)
  finally:
    plan.DEAL_WAVES = kept


def main():
  for name, (tokens, _) in ROWS.items():
    costs = plan.item_costs(steps_of(tokens), block_kv=64, head_dim=256, consumers=2,
                            persistent=True)
    ends = [plan.list_schedule(costs[plan.balanced_order(costs, CTAS, waves=w)], CTAS)[1]
            for w in (1, 2)]
    one, two = deal(costs, 1), deal(costs, 2)
    print(f"{name}: {len(costs)} items; model end, tails of one wave {ends[0]:.2f}, of two "
          f"{ends[1]:.2f} units ({100 * (1 - ends[1] / ends[0]):.1f}% sooner); the deals "
          + (f"differ in {int((one != two).sum())} of {len(one)} entries" if one.shape == two.shape
             else f"differ in length ({len(one)} and {len(two)} entries)"))
  flop = 128 * 64 * 256 * 4          # a step: 128 query rows x 64 keys x head_dim 256, QK and PV
  print(f"model step {plan.STEP_US_64} us: {flop / plan.STEP_US_64 * 1e-6 * CTAS / 1e3:.2f} "
        f"PFLOP/s on {CTAS} SMs")
  loads = {}
  for name, (tokens, _) in ROWS.items():
    steps = steps_of(tokens)
    costs = plan.item_costs(steps, block_kv=64, head_dim=256, consumers=2, persistent=True)
    order = plan.balanced_order(costs, CTAS, waves=1)     # run486's kernel: one wave's tail
    cta, _ = plan.list_schedule(costs[order], CTAS)
    loads[name] = (np.bincount(cta, weights=steps[order], minlength=CTAS),
                   np.bincount(cta, minlength=CTAS))
  print("kernel us (run486): " + ", ".join(f"{n} {us:.1f}" for n, (_, us) in ROWS.items()))
  print("own cost (steps) -> a step's us fitted to each row's kernel time:")
  for own in np.arange(1.0, 3.01, 0.25):
    fit = {n: us / (loads[n][0] + own * loads[n][1]).max() for n, (_, us) in ROWS.items()}
    print(f"  {own:.2f}: " + ", ".join(f"{n} {v:.3f}" for n, v in fit.items()))
  own_model = plan.ITEM_STEPS - plan.PERSISTENT_SAVES_US / plan.STEP_US_64
  print(f"the model's own cost of a persistent item: {own_model:.2f} steps")


if __name__ == "__main__":
  main()
