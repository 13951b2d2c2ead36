"""Session 65: which PEERS.md §3 grouped GEMM shapes at their nominal M (tokens x top_k: G x
expected_m, or the fixed total) found a table row under the old key (M rounded up to a power of
two) and find one under the new (M to the nearest), on the H200 tables (no device; from the
repository root: `python3 -m benchmarks.results.logs.session65.nominal_m`; output in
nominal_m.log). The old table keys are each row's with M = bucket(the M its shape was measured
at), as `rekey_grouped_gemm.py` checked them; the rule's pick without a row is the formula's."""

import dataclasses
from unittest import mock

from jaxkern import tuning
from jaxkern.device import DeviceSpec
from jaxkern.rules import grouped_gemm as rule
from jaxkern.shapes import GROUPED_GEMM_SHAPES

from benchmarks.results.logs.session65.rekey_grouped_gemm import measured_m

H200 = DeviceSpec.for_kind("NVIDIA H200")


def main():
  rows = [*tuning.rows(H200.kind, rule.OP), *tuning.rows(H200.kind, rule.PALLAS_TABLE)]
  old_keys = [dict(r["key"], M=tuning.bucket(measured_m(r))) for r in rows]
  missed = 0
  for s in GROUPED_GEMM_SHAPES:
    bench, nominal = int(s.group_sizes().sum()), s.rows or s.num_groups * s.expected_m
    p = rule.GroupedGemmProblem(layout="contiguous", num_groups=s.num_groups, m=nominal, k=s.k,
                                n=s.n, dtype="bfloat16", out_dtype="bfloat16", activation=None)
    old = dict(p.table_key(), M=tuning.bucket(nominal)) in old_keys
    new = rule.choose(p, H200)
    line = (f"{s.name:26s} benchmark M {bench:6d} nominal M {nominal:6d}: old key "
            f"{'row' if old else 'NO ROW'}, new key {new.source} ({new.impl}, "
            f"{rule.config_name(new.config) if new.impl == 'pallas' else new.config})")
    if not old:
      missed += 1
      with mock.patch.object(tuning, "lookup", lambda *a, **k: None):
        formula = rule.choose(dataclasses.replace(p), H200)
      line += (f"; without its row: {formula.source} "
               f"({rule.config_name(formula.config) if formula.impl == 'pallas' else formula.config})")
    print(line)
  print(f"{missed} of {len(GROUPED_GEMM_SHAPES)} shapes at their nominal M had no row under the "
        "old key")


if __name__ == "__main__":
  main()
