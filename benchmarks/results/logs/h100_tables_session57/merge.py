"""Builds benchmarks/results/h100/extend_attention{,_hd128}.json from sessions 57 and 59's runs
(`python3 -m benchmarks.results.logs.h100_tables_session57.merge` from the repository root, no
device): run394's complete run (every shape, page sizes 16 and 1, the
rule's formula configs: the H100 had no attention table then), whose page-16 records of the
shapes re-timed after the H100 table rows landed are replaced by run395's (prefill_chat,
prefill_long, the three chunks over a prefix, hd128_prefill_long, hd128_verify_w1024, and
hd128_decode_8k, which run394's limit had cut) and then run396's (chunk_8x512_p512,
chunk_16x1024_p1024); then session 59's (logs/h100_tables_session59/): run404 (verify_chat,
verify_summ, verify_burst, hd128_verify_4k after their H100 table rows) and run405
(prefill_multi after its table row; hd128_verify_w1024, hd128_decode_8k and chunk_32x512_p512 on
the formula, the run's limit having cut their configs). Prints each jaxkern:auto record whose
config is not the one the rule picks now (with the committed H100 table and formula), which the
files' notes name."""

import json
import pathlib
import shutil

import jax.numpy as jnp

from benchmarks import _report
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES

LOGS = pathlib.Path("benchmarks/results/logs/h100_tables_session57")
OUT = pathlib.Path("benchmarks/results/h100")
H100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
LATER = (   # (session, run, why): page-16 rows re-timed beside the peers, in this order
    (57, "run395", "page-16 rows re-timed beside the peers after the H100 table's first rows "
                   "(prefill_chat, prefill_long) and hd128_decode_8k"),
    (57, "run396", "chunk_8x512_p512 and chunk_16x1024_p1024 beside the peers after their H100 "
                   "table rows"),
    (59, "run404", "verify_chat, verify_summ, verify_burst and hd128_verify_4k beside the peers "
                   "after their H100 table rows"),
    (59, "run405", "prefill_multi after its H100 table row; hd128_verify_w1024, hd128_decode_8k "
                   "and chunk_32x512_p512 on the formula (the run's limit cut their configs)"),
)
SHAPES = {s.name: s for s in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES}


def records(run, logs=LOGS):
  recs = json.loads((logs / run / "extend_attention.json").read_text())["records"]
  return [dict(r, run=run) for r in recs]


def stale(recs):
  out = []
  for r in recs:
    if r["impl"] != "jaxkern:auto":
      continue
    shape = SHAPES[r["shape"].split("/")[0]]
    args, max_ext = shape.batch(page_size=r["page_size"], dtype=jnp.bfloat16, abstract=True)
    p = attention_problem(*args, sm_scale=None, logit_cap=None, sliding_window=shape.window,
                          max_extend_len=max_ext)
    now = repr(rule.choose(p, H100).config)
    if now != r["config"]:
      out.append(f"{r['shape']} ({r['run']}: {rule.config_name(eval('rule.' + r['config']))}; "
                 f"now {rule.config_name(rule.choose(p, H100).config)})")
  return out


def main():
  OUT.mkdir(parents=True, exist_ok=True)
  first = records("run394")
  for name, hd128 in (("extend_attention", False), ("extend_attention_hd128", True)):
    path = OUT / f"{name}.json"
    keep = [r for r in first if r["shape"].startswith("hd128") == hd128]
    shutil.copy(LOGS / "run394" / "extend_attention.json", path)
    data = json.loads(path.read_text())
    data["records"] = keep
    data["environment"]["note"] = (
        "session 57 run394 (one H100, every shape at page sizes 16 and 1 beside the peers, the "
        "rule's formula: no H100 attention table yet)")
    path.write_text(json.dumps(data, indent=1) + "\n")
    for session, run, why in LATER:
      logs = LOGS.parent / f"h100_tables_session{session}"
      later = [r for r in records(run, logs) if r["shape"].startswith("hd128") == hd128]
      if later:
        _report.replace_records(path, later, note=f"session {session} {run}: {why}")
    data = json.loads(path.read_text())
    old = stale(data["records"])
    if old:
      _report.replace_records(path, [], note="records whose config is not the rule's pick after "
                              "session 59 (timed before the H100 table or the one-wave formula "
                              "line): " + "; ".join(old))
    title = "extend attention on one H100 (bf16; head_dim " + ("128)" if hd128 else "256)")
    _report.replot(str(path), title=title)
    print(path, len(data["records"]), "records;", len(old), "not the rule's pick now:")
    for s in old:
      print("  ", s)
    print(_report.table([r for r in data["records"]], rate_key="tflops",
                        baseline="jaxkern:auto",
                        columns=list(dict.fromkeys(r["impl"] for r in data["records"]))))


if __name__ == "__main__":
  main()
