"""Session 45: the table's config of a few attention shapes against field overrides of it, one
process, variants interleaved (extend_attention_session16/attn_case.interleaved: checked against
the float32 reference, CUPTI kernel times).
python .../ab_configs.py OUT NAME ROUNDS SHAPE[,SHAPE] VARIANT [VARIANT ...]
VARIANT: "table" or "LABEL=field:value,..." (ints, true / false, or strings), read by the grouped
GEMM A/B script's `parse` (grouped_gemm_session20/ab_configs.py)."""
import dataclasses, importlib.util, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from attn_case import interleaved

_spec = importlib.util.spec_from_file_location(   # (this file has the same name)
    "gemm_ab_configs", "benchmarks/results/logs/grouped_gemm_session20/ab_configs.py")
_gemm_ab = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gemm_ab)


if __name__ == "__main__":
  out, name, rounds, shapes, *specs = sys.argv[1:]
  parsed = [_gemm_ab.parse(s) for s in specs]

  def variants(the_case):
    table_cfg = the_case[-1]
    return [(label, lambda over=over: dataclasses.replace(table_cfg, **over) if over else None)
            for label, over in parsed]
  interleaved(f"{out}/{name}.json", shapes.split(","), int(rounds), variants)
