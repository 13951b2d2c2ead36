"""Session 26: per-sequence tiles with swapped operands (ExtendAttentionPallasConfig.swap_tokens:
keys in the wgmma M dimension, a tile's G * n packed query rows in N) against the table's config,
one process, interleaved rounds; each output checked against the float32 reference, CUPTI,
20 iterations (extend_attention_session16/attn_case.case for the shapes' inputs).
python benchmarks/results/logs/extend_attention_session26/ab_swap.py OUT shapes [rounds] [variants]
[profile]: variants comma-separated swap_tokens[:block_kv[:num_stages]][+flags] (default: the
one-tile value), flags: 'red' (P's column sums by a cross-warp reduction, mosaic._L_BY_MMA off),
's0' (jax's default reduction scratch, mosaic._SWAP_SCRATCH = 0). profile=1: after the rounds, a
Mosaic GPU profile of each variant (extend_attention_session22/timeline.profiled).
run164 ran an earlier form of this script (variants without flags, the code before _L_BY_MMA and
_SWAP_SCRATCH existed: the 'red+s0' variant). Review after session 26: the timing loop, which
run164-166 ran written out here, is attn_case.interleaved (the same calls; its line format)."""
import dataclasses
import functools
import json
import sys

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session22")
from attn_case import case, interleaved  # noqa: E402
from jaxkern.rules import extend_attention as rule  # noqa: E402
from pallas_kernels.extend_attention import mosaic  # noqa: E402
from pallas_kernels.extend_attention.support import (SWAP_REDUCTION_SCRATCH,  # noqa: E402
                                                     unsupported_reason)


def one_tile_tokens(max_ext):
  return -(-(max_ext + 7) // 8) * 8


def flags(spec):
  return dict(_L_BY_MMA="red" not in spec, _SWAP_SCRATCH=0 if "s0" in spec else
              SWAP_REDUCTION_SCRATCH)


def variants_of(cfg, kw, spec, shape):
  out = [("table", cfg, flags(""))]
  for v in (spec.split(",") if spec else [str(one_tile_tokens(kw["max_extend_len"]))]):
    v = v.replace("T", str(one_tile_tokens(kw["max_extend_len"])))
    head, *fl = v.split("+")
    parts = [int(x) for x in head.split(":")]
    new = dataclasses.replace(cfg, swap_tokens=parts[0], overlap=False, num_splits=1,
                              **(dict(block_kv=parts[1]) if len(parts) > 1 else {}),
                              **(dict(num_stages=parts[2]) if len(parts) > 2 else {}))
    why = unsupported_reason(new, head_dim=shape["d"], dtype="bfloat16",
                             num_q_heads=shape["hq"], num_kv_heads=shape["hkv"])
    if why is None:
      out.append((rule.config_name(new).split("/", 1)[1] + "".join("+" + f for f in fl), new,
                  flags(fl)))
    else:
      print("skip", v, why)
  return out


def main():
  out_dir, names = sys.argv[1], sys.argv[2].split(",")
  rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
  spec = sys.argv[4] if len(sys.argv) > 4 else ""
  profile = len(sys.argv) > 5 and sys.argv[5] == "1"

  def apply(cfg, fl):
    for flag, value in fl.items():
      setattr(mosaic, flag, value)
    return cfg

  def variants(the_case):
    args, kw, _, _, cfg = the_case
    shape = dict(d=args[0].shape[2], hq=args[0].shape[1], hkv=args[1].shape[1])
    return [(label, functools.partial(apply, c, fl))
            for label, c, fl in variants_of(cfg, kw, spec, shape)]

  records = interleaved(f"{out_dir}/ab_swap.json", names, rounds, variants)
  if profile:
    from timeline import profiled
    for name in names:
      the_case = case(name, reference=False)
      args, kw = the_case[:2]
      for label, run in variants(the_case):
        c = run()
        t = profiled(lambda *a, c=c: mosaic.extend_attention_pallas(*a, **kw, config=c), args,
                     out_dir, f"{name}_{label.replace('/', '_')}", wgs=c.consumers + 1, space=96)
        if t is not None:
          records.append(dict(t, shape=name, variant=label))
    json.dump(records, open(f"{out_dir}/ab_swap.json", "w"), indent=1)


main()
