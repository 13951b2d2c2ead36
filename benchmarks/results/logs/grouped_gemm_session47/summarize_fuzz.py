"""Counts of a fuzz_interpret.py / fuzz_attention.py JSON-lines log (plain or .gz): problems
that ran and matched, rejections by reason (numbers blanked), failures in full.

python .../summarize_fuzz.py LOG [LOG ...]
"""
import collections
import gzip
import json
import re
import sys


def main():
  rows = []
  for path in sys.argv[1:]:
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
      rows += [json.loads(line) for line in f]
  kinds, reasons, failures = collections.Counter(), collections.Counter(), []
  for d in rows:
    result = d["result"]
    kind = "ok" if result == "ok" else result.split(":")[0]
    kinds[kind] += 1
    if kind == "rejected":
      reasons[re.sub(r"\d+", "N", result.split("(e.g.")[0])[:160]] += 1
    elif kind != "ok":
      failures.append(d)
  print(f"{len(rows)} problems, {sum(d['s'] for d in rows):.0f} s in the kernel calls: "
        + ", ".join(f"{v} {k}" for k, v in kinds.most_common()))
  ran = [d for d in rows if d["result"] == "ok"]
  features = {
      "fp8": lambda d: d.get("fp8"), "K-major fp8 weights": lambda d: d.get("rhs_layout") == "nk",
      "masked layout": lambda d: d.get("masked"), "swiglu": lambda d: d.get("activation"),
      "invalid_rows='unwritten'": lambda d: d.get("invalid_rows") == "unwritten",
      "group tiles": lambda d: "tiles='groups'" in d["config"],
      "stream-K": lambda d: "stream_k=True" in d["config"],
      "lhs_boxes='exact'": lambda d: "lhs_boxes='exact'" in d["config"],
      "192-row tiles": lambda d: "block_m=192" in d["config"],
      "one CTA": lambda d: d.get("num_sms") == 1,
      "global tiles": lambda d: "tiles='global'" in d["config"],
      "per-sequence tiles": lambda d: "tiles='sequence'" in d["config"],
      "split sequences": lambda d: re.search(r"num_splits=[23]", d["config"]),
      "persistent CTAs": lambda d: re.search(r"persistent_ctas=[1-9]", d["config"]),
      "overlap": lambda d: "overlap=True" in d["config"],
      "page size 1": lambda d: d.get("page_size") == 1,
      "sliding window": lambda d: d.get("sliding_window") is not None,
      "soft-cap": lambda d: d.get("logit_cap") is not None,
      "head_dim 128": lambda d: d.get("head_dim") == 128,
  }
  counts = {name: sum(1 for d in ran if test(d)) for name, test in features.items()}
  print("of those that ran: " + ", ".join(f"{name} {n}" for name, n in counts.items() if n))
  for reason, n in reasons.most_common():
    print(f"  rejected {n:4d}: {reason}")
  for d in failures:
    print("FAILURE", json.dumps(d))


if __name__ == "__main__":
  main()
