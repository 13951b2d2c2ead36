"""Session 65: the grouped GEMM tables' M keys, from the power of two at or above each row's M
(`tuning.bucket`) to the nearest one (`tuning.bucket_nearest`, what `GroupedGemmProblem.table_key`
now takes). From the repository root, no device, on the tables as session 65's merge.py left
them: `python3 -m benchmarks.results.logs.session65.rekey_grouped_gemm`.

Every row names the shape it was measured on (`shape`: a `jaxkern.shapes` grouped GEMM shape,
then /masked, /fp8, /nk, /swiglu). Its M is the one the benchmarks ran: the sum of the shape's
group sizes (contiguous) or its M_max (masked). The script checks that the row's key has the old
bucket of that M, gives it the new one, and refuses keys that would collide."""

import json

from jaxkern import tuning
from jaxkern.rules import grouped_gemm as rule
from jaxkern.shapes import GROUPED_GEMM_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES

SHAPES = {s.name: s for s in (*GROUPED_GEMM_SHAPES, *N_EDGE_GROUPED_GEMM_SHAPES)}
TABLES = [("NVIDIA H200", rule.OP), ("NVIDIA H200", rule.PALLAS_TABLE),
          ("NVIDIA H100 80GB HBM3", rule.PALLAS_TABLE)]


def measured_m(row) -> int:
  name, *flags = row["shape"].split("/")
  shape = SHAPES[name]
  return shape.masked_m_max if "masked" in flags else int(shape.group_sizes().sum())


def main():
  for kind, op in TABLES:
    path = tuning.table_path(kind, op)
    table = json.loads(path.read_text())
    keys = set()
    for row in table["rows"]:
      m = measured_m(row)
      if row["key"]["M"] != tuning.bucket(m):
        raise SystemExit(f"{kind} {op} {row['shape']}: key M {row['key']['M']} is not "
                         f"bucket({m}) = {tuning.bucket(m)}: rekeyed already?")
      row["key"]["M"] = tuning.bucket_nearest(m)
      key = json.dumps(row["key"], sort_keys=True)
      if key in keys:
        raise SystemExit(f"{kind} {op}: two rows would share the key {key}")
      keys.add(key)
    # the whole table (`tuning.write_rows` merges by key: it would keep the old keys too)
    path = tuning.write_table(kind, op, table["rows"])
    print(f"{kind} {op}: {len(table['rows'])} rows rekeyed ({path})")


if __name__ == "__main__":
  main()
