"""Session 75 (CPU, no device; from the repository root:
`python3 -m benchmarks.results.logs.session75.deal_scope`, output in deal_scope.log here).
Which benchmark attention shapes (PEERS.md §1 and the head_dim 128 set, page size 16) the H200's
rule runs on persistent CTAs, and for which of them the kernel's deal changes when
`plan.DEAL_WAVES` goes from 1 to 2: the shapes an A/B of the switch must time. The deal is
rebuilt exactly as the kernel builds it at trace time (mosaic.py: plan.launch_steps over the
static facts, plan.item_costs, plan.persistent_deal), on the rule's config less a table row's
own deal_waves (which session 75 later gave chunk_16x1024_p0's row: 4)."""
import dataclasses

import jax.numpy as jnp
import numpy as np

from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
from pallas_kernels.extend_attention import plan

H200 = DeviceSpec.for_kind("NVIDIA H200")


def deal_of(problem, cfg, waves, exact=False):
  """(deal, the model's end, the items' key steps): the kernel's deal with DEAL_WAVES = waves, on the costs of persistent items as exact
  (exact: the own cost session 75 measured later, PERSISTENT_EXACT_ITEM_STEPS) or not (the
  costs deal_scope.log was made on: less PERSISTENT_SAVES_US, as the kernel had them then)."""
  p = problem
  tile_tokens = cfg.block_rows // (p.num_q_heads // p.num_kv_heads)
  ranked = cfg.tile_order != "index" and p.num_seqs > 1
  prefix_steps = -(-p.visible_prefix // cfg.block_kv)
  steps = plan.launch_steps(
      tile_order=cfg.tile_order if ranked else "index", num_tiles=rule._tiles_of(p, cfg),
      num_kv_heads=p.num_kv_heads, tile_tokens=tile_tokens,
      seq_tokens=min(p.max_extend_len, p.num_tokens), block_kv=cfg.block_kv,
      prefix_steps=prefix_steps, window=p.sliding_window)
  costs = plan.item_costs(steps, block_kv=cfg.block_kv, head_dim=p.head_dim,
                          consumers=cfg.consumers, persistent=True, exact=exact)
  kept, plan.DEAL_WAVES = plan.DEAL_WAVES, waves
  try:
    tail = plan.deal_waves(prefix_steps)
    deal = plan.persistent_deal(costs, cfg.persistent_ctas, waves=tail)
    end = plan.list_schedule(costs[plan.balanced_order(costs, cfg.persistent_ctas, waves=tail)],
                             cfg.persistent_ctas)[1]
  finally:
    plan.DEAL_WAVES = kept
  return deal, end, steps


def main():
  for shape in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES:
    args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
    problem = attention_problem(*args, sm_scale=None, logit_cap=None,
                                sliding_window=shape.window, max_extend_len=max_ext)
    choice = rule.choose(problem, H200)
    cfg = choice.config
    if cfg is not None and hasattr(cfg, "deal_waves"):
      cfg = dataclasses.replace(cfg, deal_waves=None)
    ctas = getattr(cfg, "persistent_ctas", 0)
    if not ctas:
      print(f"{shape.name:24s} {rule.config_name(cfg) if cfg else choice.impl}: not persistent")
      continue
    (one, e1, steps), (two, e2, _) = deal_of(problem, cfg, 1), deal_of(problem, cfg, 2)
    n = len(steps)
    same = one.shape == two.shape and bool((one == two).all())
    print(f"{shape.name:24s} {rule.config_name(cfg)}: {n} items on {ctas} CTAs; model end "
          f"{e1:.2f} -> {e2:.2f} units ({100 * (1 - e2 / e1):.1f}% sooner); deal "
          f"{'unchanged' if same else 'changes'}")


if __name__ == "__main__":
  main()
