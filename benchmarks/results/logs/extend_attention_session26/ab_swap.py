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
_SWAP_SCRATCH existed: the 'red+s0' variant)."""
import dataclasses
import json
import sys

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session22")
from attn_case import case, kernel_us  # noqa: E402

from benchmarks import _mgpu_debug, _timing  # noqa: E402
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
  _mgpu_debug.install()
  records = []
  for name in names:
    args, kw, ref, arg_sets, cfg = case(name)
    q, k = args[0], args[1]
    shape = dict(d=q.shape[2], hq=q.shape[1], hkv=k.shape[1])
    variants = variants_of(cfg, kw, spec, shape)
    for rnd in range(rounds):
      for label, c, fl in variants:
        for flag, value in fl.items():
          setattr(mosaic, flag, value)
        r = _timing.checked_time(dict(shape=name, round=rnd, variant=label,
                                      config=rule.config_name(c)),
                                 lambda *a, c=c: mosaic.extend_attention_pallas(*a, **kw, config=c),
                                 ref, arg_sets, tol=2e-2, iters=20)
        r["kernel_us"] = kern = kernel_us(r.get("kernels"))
        print(f"r{rnd} {name:20s} {label:44s} kernel {kern:7.2f} us {r.get('us', 0) or 0:7.2f} "
              f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:400]}", flush=True)
        records.append(r)
    json.dump(records, open(f"{out_dir}/ab_swap.json", "w"), indent=1)
    if profile:
      from timeline import profiled
      for label, c, fl in variants:
        for flag, value in fl.items():
          setattr(mosaic, flag, value)
        t = profiled(lambda *a, c=c: mosaic.extend_attention_pallas(*a, **kw, config=c), args,
                     out_dir, f"{name}_{label.replace('/', '_')}", wgs=c.consumers + 1, space=96)
        if t is not None:
          records.append(dict(t, shape=name, variant=label))
      json.dump(records, open(f"{out_dir}/ab_swap.json", "w"), indent=1)


main()
