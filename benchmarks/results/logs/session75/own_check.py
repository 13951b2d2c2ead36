"""Session 75 (CPU, no device; from the repository root:
`python3 -m benchmarks.results.logs.session75.own_check`, output in own_check.log here).
run497's A/B timed the persistent deal with a persistent item's own cost at one step, by setting
plan.PERSISTENT_SAVES_US to (ITEM_STEPS - 1) * STEP_US_64 for every deal. The kept change puts
that own cost (plan.PERSISTENT_EXACT_ITEM_STEPS) only on deals whose costs are exact. For each
benchmark shape the H200 runs persistent, on the rule's config (its row's deal_waves included):
whether the kernel's deal now (plan.kernel_deal, which mosaic.py calls) is the one run497's
variant dealt, and whether it moved from the deal before the change.

Then the figures the session's notes quote from the launch model:
- each deal of the two chunk rows (own cost 2.35 steps, the deal before; one step, now) priced
  with the fitted own cost of one step: its most loaded CTA's steps (run497 measured 1.2% and
  1.9%);
- the model's ends of those rows' deals with tails of 1, 2, 4 and 6 waves on the costs of
  run491 / run495's A/Bs (own cost 2.35 steps);
- the rule's picks of every benchmark shape at page sizes 16 and 1 with the fitted own cost in
  the persistence decision as well (PERSISTENT_SAVES_US raised to match), where they differ
  from the rule's picks: why the decision keeps the measured saving."""
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
    now, _, steps = deal_of(p, cfg, waves, exact=exact)
    kernel = plan.kernel_deal(steps, cfg.persistent_ctas, block_kv=cfg.block_kv,
                              head_dim=p.head_dim, consumers=cfg.consumers,
                              prefix_steps=-(-p.visible_prefix // cfg.block_kv),
                              waves=cfg.deal_waves)
    assert same(now, kernel), shape.name
    before = deal_of(p, cfg, waves)[0]
    with mock.patch.object(plan, "PERSISTENT_SAVES_US", (plan.ITEM_STEPS - 1) * plan.STEP_US_64):
      variant = deal_of(p, cfg, waves)[0]
    print(f"{shape.name:24s} {rule.config_name(cfg):42s} exact costs {exact!s:5s}: the deal "
          f"{'is' if same(now, variant) else 'is not'} run497's own1 deal; "
          f"{'unchanged' if same(now, before) else 'moved'} from before")


def _problem(shape, page_size=16):
  args, max_ext = shape.batch(page_size=page_size, dtype=jnp.bfloat16)
  return attention_problem(*args, sm_scale=None, logit_cap=None, sliding_window=shape.window,
                           max_extend_len=max_ext)


def fitted_ends():
  fitted = (plan.ITEM_STEPS - 1) * plan.STEP_US_64     # PERSISTENT_SAVES_US for one step of own
  shapes = {s.name: s for s in ATTENTION_SHAPES}
  for name in ("chunk_16x1024_p0", "chunk_32x512_p0"):
    p = _problem(shapes[name])
    cfg = rule.choose(p, H200).config
    waves = cfg.deal_waves or plan.DEAL_WAVES
    loads = []
    for saves in (plan.PERSISTENT_SAVES_US, fitted):
      with mock.patch.object(plan, "PERSISTENT_SAVES_US", saves):
        deal, _, steps = deal_of(p, cfg, waves)
      ctas = cfg.persistent_ctas
      counts, items = deal[:ctas], deal[ctas:].reshape(ctas, -1)
      loads.append(max(float(steps[items[c, :counts[c]]].sum()) + counts[c] for c in range(ctas)))
    ends = [deal_of(p, cfg, w)[1] for w in (1, 2, 4, 6)]
    print(f"{name}: most loaded CTA under the fitted model (own cost one step), dealt on own "
          f"cost 2.35 / one step: {loads[0]:.0f} / {loads[1]:.0f} steps "
          f"({100 * (1 - loads[1] / loads[0]):.1f}% sooner); model ends on own cost 2.35, tails "
          f"of 1 / 2 / 4 / 6 waves: " + " / ".join(f"{e:.2f}" for e in ends))


def fitted_decision():
  for page_size in (16, 1):
    for shape in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES:
      p = _problem(shape, page_size)
      pick = rule.config_name(rule.choose(p, H200).config)
      with mock.patch.object(plan, "PERSISTENT_SAVES_US",
                             (plan.ITEM_STEPS - 1) * plan.STEP_US_64):
        fitted = rule.config_name(rule.choose(p, H200).config)
      if fitted != pick:
        print(f"{shape.name} page size {page_size}: the rule picks {pick}; with the fitted own "
              f"cost in the decision it would pick {fitted}")
  print("(no other shape's pick differs)")


if __name__ == "__main__":
  main()
  fitted_ends()
  fitted_decision()
