"""Kernel configs against each other on PEERS.md rows, one process, variants interleaved
(`ab_case.interleaved`: checked against the float32 reference, CUPTI), the variants given on the
command line so that a config A/B needs no script of its own (session 38's review: sessions 29,
33 and 38 had each written one, the same loop with another dict of configs).
A variant is "table" (the row's table config), "xla" (the XLA path) or
"LABEL=key:value,key:value,...": the row's table config with those GroupedGemmPallasConfig
fields replaced (ints, true / false, or strings: "g128s5b1=block_n:128,num_stages:5,band:1").
python .../ab_configs.py OUT NAME ROUNDS ROW[,ROW...] VARIANT [VARIANT ...]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic


def _value(text: str):
  if text in ("true", "false"):
    return text == "true"
  return int(text) if text.lstrip("-").isdigit() else text


def parse(spec: str):
  """A command-line variant -> (label, overrides; {} for the table's, None for XLA)."""
  if spec in ("table", "xla"):
    return spec, {} if spec == "table" else None
  label, fields = spec.split("=", 1)
  return label, {k: _value(v) for k, v in (f.split(":", 1) for f in fields.split(","))}


if __name__ == "__main__":
  out, name, rounds, rows, *specs = sys.argv[1:]
  interleaved(f"{out}/{name}.json", rows.split(","), int(rounds),
              [(label, lambda o=o: config_runner(mosaic, o)) for label, o in map(parse, specs)],
              width=24)
