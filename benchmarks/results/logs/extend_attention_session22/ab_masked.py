"""Session 22: per-sequence tiles' output staged with only the rows the TMA boxes read (each
head's [lo, hi), predicated stores from registers: mosaic._MASKED_STAGE) against the whole
64-row tile written into the unswizzled staging buffer (8-way bank conflicts: 2137 of verify_burst's
~13100 cycles per CTA in run140's profile); the table's config, each output checked against the
float32 reference, CUPTI, variants interleaved over rounds.
The switch was removed once the masked staging was kept (commit a3cbfa8); this ran at run141.
python benchmarks/results/logs/extend_attention_session22/ab_masked.py OUT shapes [rounds]"""
import json, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import case, kernel_us
from benchmarks import _mgpu_debug, _timing
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
_mgpu_debug.install()
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  for rnd in range(rounds):
    for masked in (False, True):
      mosaic._MASKED_STAGE = masked
      r = _timing.checked_time(dict(shape=name, round=rnd, masked=masked,
                                    config=rule.config_name(cfg)),
                               lambda *a: mosaic.extend_attention_pallas(*a, **kw, config=cfg),
                               ref, arg_sets, tol=2e-2, iters=20)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:20s} {r['config']:34s} masked={masked:d} kernel {kern:7.2f} "
            f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:300]}", flush=True)
      records.append(r)
  json.dump(records, open(f"{out_dir}/ab_masked.json", "w"), indent=1)
mosaic._MASKED_STAGE = True
