"""Session 22: three changes to per-sequence tiles, switched on one after another:
  direct  the output rows stored from registers by predicated stores (mosaic._DIRECT_OUT), not
          through an unswizzled staging buffer and TMA boxes;
  spec    the first prefix block's page-table entries read beside the sequence's bounds
          (mosaic._SPEC_PAGES), not after them;
  qbox    short sequences load max_extend + 7 query rows per head (mosaic.short_query_box), not
          the warpgroup's 64 / G (patched to 0 when off);
on the verify / decode shapes; the table's config, each output checked against the float32
reference, CUPTI, variants interleaved over rounds. With --profile, verify_burst's consumer
timeline from a Mosaic GPU profile of the first and last variant (named regions: issue_q, wait_q,
wait_k, qk, softmax, pv, epilogue), in SM cycles from the warpgroup's first event, means over CTAs.
(run138 ran an earlier form: short sequences' extend step as 16 keys, which the P·V wgmma
refused, K a multiple of 64 with 128-byte swizzle; its whole-tile rows and profile stand.)
The switches are not in the committed kernel: this runs on direct_spec_qbox_experiment.patch
applied to commit 3444ae7.
python benchmarks/results/logs/extend_attention_session22/ab_short.py OUT shapes [rounds] [--profile]
(repository root)"""
import json, os, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import case, kernel_us
from benchmarks import _mgpu_debug, _timing
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import mosaic
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timeline import profiled

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 3
_mgpu_debug.install()
ORIG = mosaic.short_query_box
VARIANTS = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)]     # (direct, spec, qbox)


def set_variant(v):
  direct, spec, qbox = v
  mosaic._DIRECT_OUT, mosaic._SPEC_PAGES = bool(direct), bool(spec)
  mosaic.short_query_box = ORIG if qbox else (lambda **kw: 0)


records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  for rnd in range(rounds):
    for v in VARIANTS:
      set_variant(v)
      short = "direct={} spec={} qbox={}".format(*v)
      r = _timing.checked_time(dict(shape=name, round=rnd, variant=short,
                                    config=rule.config_name(cfg)),
                               lambda *a: mosaic.extend_attention_pallas(*a, **kw, config=cfg),
                               ref, arg_sets, tol=2e-2, iters=20)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:20s} {r['config']:34s} {short} kernel {kern:7.2f} "
            f"us {r.get('us') or 0:7.2f} err {r.get('err', float('nan')):.1e} "
            f"{r.get('note', '')[:300]}", flush=True)
      records.append(r)
  json.dump(records, open(f"{out_dir}/ab_short.json", "w"), indent=1)
set_variant(VARIANTS[-1])


if "--profile" in sys.argv:
  args, kw, ref, arg_sets, cfg = case("verify_burst")
  for v in (VARIANTS[0], VARIANTS[-1]):
    set_variant(v)
    short = "".join(map(str, v))
    t = profiled(lambda *a: mosaic.extend_attention_pallas(*a, **kw, config=cfg), args, out_dir,
                 f"verify_burst_{short}", wgs=cfg.consumers + 1, space=64)
    if t is not None:
      records.append(dict(t, shape="verify_burst", variant=short))
  json.dump(records, open(f"{out_dir}/ab_short.json", "w"), indent=1)
set_variant(VARIANTS[-1])
