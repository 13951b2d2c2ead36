"""Session 26: the narrow last column tile (mosaic._NARROW_LAST) crossed with the unit order's
band (the table config with `band` replaced), interleaved over rows and rounds in one process,
each output checked. With band 1 on N = 1408 (6 column tiles) persistent CTA c runs only units
of column tile c mod 6 (132 is a multiple of 6), so the narrow tiles' CTAs finish early while
the others set the end; a wider band deals every CTA some of them.
python benchmarks/results/logs/grouped_gemm_session26/ab_narrow_band.py OUT rounds narrow:band,... shape,..."""
import dataclasses
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved  # noqa: E402
from pallas_kernels.grouped_gemm import mosaic  # noqa: E402


def variant(spec):
  on, band = spec.split(":")
  on, band = on == "1", int(band)

  def prepare():
    mosaic._NARROW_LAST = on

    def run(*a, config, **kw):
      return mosaic.grouped_gemm_pallas(*a, config=dataclasses.replace(config, band=band), **kw)
    return run
  return f"{'narrow' if on else 'whole'}/b{band}", prepare


out, rounds, specs, names = args
interleaved(f"{out}/ab_narrow_band.json", names.split(","), int(rounds),
            [variant(s) for s in specs.split(",")], width=22)
