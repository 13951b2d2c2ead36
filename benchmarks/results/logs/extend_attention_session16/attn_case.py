"""Session 16 experiments: one attention shape set up as every script here times it (the
PEERS.md-style batch at page size 16, bf16, its rotated input copies, the table's config)."""
import jax.numpy as jnp
from benchmarks import _timing
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
from pallas_kernels.extend_attention import extend_attention_reference

SHAPES = {s.name: s for s in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES}


def case(name, *, reference=True):
  """(args, kw, float32 reference or None, arg_sets, the table's config) of shape `name`."""
  shape = SHAPES[name]
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  kw = dict(sliding_window=shape.window, max_extend_len=max_ext)
  ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a
                                     for a in args], **kw) if reference else None
  arg_sets = [args] + [shape.batch(page_size=16, dtype=jnp.bfloat16, seed=s)[0]
                       for s in range(1, _timing.rotations_for(args))]
  problem = attention_problem(*args, sm_scale=None, logit_cap=None, **kw)
  return args, kw, ref, arg_sets, rule.choose(problem, DeviceSpec.current()).config


def kernel_us(kernels):
  """The Mosaic GPU kernel's share of a CUPTI per-kernel breakdown."""
  return sum(v for n, v in (kernels or {}).items() if "mosaic" in n)
