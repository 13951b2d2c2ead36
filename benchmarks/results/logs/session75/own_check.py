"""Session 75 (CPU, no device; from the repository root:
`python3 -m benchmarks.results.logs.session75.own_check`, output in own_check.log here).
run497's A/B timed the persistent deal with a persistent item's own cost at one step, by setting
plan.PERSISTENT_SAVES_US to (ITEM_STEPS - 1) * STEP_US_64 for every deal. The kept change puts
that own cost (plan.PERSISTENT_EXACT_ITEM_STEPS) only on deals whose costs are exact. For each
benchmark shape the H200 runs persistent, on the rule's config (its row's deal_waves included):
whether the kernel's deal now is the one run497's variant dealt, and whether it moved from the
deal before the change."""
from unittest import mock

import jax.numpy as jnp

from benchmarks.results.logs.session75.deal_scope import H200, deal_of
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
from pallas_kernels.extend_attention import plan


def same(a, b):
  return a.shape == b.shape and bool((a == b).all())


def main():
  for shape in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES:
    args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
    p = attention_problem(*args, sm_scale=None, logit_cap=None, sliding_window=shape.window,
                          max_extend_len=max_ext)
    cfg = rule.choose(p, H200).config
    if not getattr(cfg, "persistent_ctas", 0):
      continue
    waves = cfg.deal_waves or plan.DEAL_WAVES
    exact = plan.exact_costs(-(-p.visible_prefix // cfg.block_kv))
    now = deal_of(p, cfg, waves, exact=exact)[0]
    before = deal_of(p, cfg, waves)[0]
    with mock.patch.object(plan, "PERSISTENT_SAVES_US", (plan.ITEM_STEPS - 1) * plan.STEP_US_64):
      variant = deal_of(p, cfg, waves)[0]
    print(f"{shape.name:24s} {rule.config_name(cfg):42s} exact costs {exact!s:5s}: the deal "
          f"{'is' if same(now, variant) else 'is not'} run497's own1 deal; "
          f"{'unchanged' if same(now, before) else 'moved'} from before")


if __name__ == "__main__":
  main()
