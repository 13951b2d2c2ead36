"""Leave-one-out: each H100 row removed from its table (the fit refitted without it), what the
rule then picks for that shape and how much slower that is than the row's faster path."""
import json
from unittest import mock
from jaxkern import tuning
from jaxkern.rules import gemm_reduce_scatter as rs
from jaxkern.device import DeviceSpec
dev = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
rows = tuning.rows(dev.kind, rs.OP)
real_rows, real_lookup = tuning.rows, tuning.lookup
out = []
for held in rows:
    keep = tuple(r for r in rows if r is not held)
    fake_rows = lambda kind, op: keep if kind == dev.kind else real_rows(kind, op)
    fake_lookup = lambda kind, op, key: (None if kind == dev.kind and key == held["key"] else real_lookup(kind, op, key))
    with mock.patch.object(tuning, "rows", fake_rows), mock.patch.object(tuning, "lookup", fake_lookup):
        k = held["key"]
        p = rs.GemmReduceScatterProblem(m=k["m"], n=k["n"], k=k["k"], dtype=k["dtype"], tp=k["tp"])
        c = rs.choose(p, dev)
    t = held["times_us"]
    picked = t["unfused"] if c.impl == "unfused" else t.get(c.config.name, min(v for n, v in t.items() if n != "unfused"))
    out.append((picked / min(t.values()), held["shape"], k["tp"], c.impl, c.source))
out.sort(reverse=True)
for o in out[:8]: print(f"{o[0]:.3f} {o[1]} tp{o[2]} {o[3]} [{o[4]}]")
import statistics
print("n", len(out), "within 5%:", sum(o[0] <= 1.05 for o in out), "median", statistics.median(o[0] for o in out))
