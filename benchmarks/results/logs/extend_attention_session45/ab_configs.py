"""Session 45: the table's config of a few attention shapes against field overrides of it, one
process, variants interleaved (extend_attention_session16/attn_case.interleaved: checked against
the float32 reference, CUPTI kernel times).
python .../ab_configs.py OUT NAME ROUNDS SHAPE[,SHAPE] VARIANT [VARIANT ...]
VARIANT: "table" or "LABEL=field:value,..." (ints, true / false, or strings)."""
import dataclasses, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import interleaved


def _value(text):
  if text in ("true", "false"):
    return text == "true"
  return int(text) if text.isdigit() else text


def variant(spec):
  if spec == "table":
    return "table", lambda: None
  label, fields = spec.split("=", 1)
  over = {k: _value(v) for k, v in (f.split(":", 1) for f in fields.split(","))}
  return label, over


if __name__ == "__main__":
  out, name, rounds, shapes, *specs = sys.argv[1:]
  parsed = [variant(s) for s in specs]

  def variants(the_case):
    table_cfg = the_case[-1]
    return [(label, (lambda: None) if callable(over) else
             (lambda over=over: dataclasses.replace(table_cfg, **over)))
            for label, over in parsed]
  interleaved(f"{out}/{name}.json", shapes.split(","), int(rounds), variants)
