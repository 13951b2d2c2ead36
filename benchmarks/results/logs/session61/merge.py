"""Session 61's H200 runs into the committed results and tables (from the repository root, no
device: `python3 -m benchmarks.results.logs.session61.merge`; README.md here lists the runs).

- run414 (`session60/h200_next.sh`): issue 4's decode rows DS_G16_m64_gu (bf16, fp8),
  DS_G16_m32_dn and Gm_decode_gu beside the peers, both layouts -> h200/grouped_gemm.json (its
  300 s limit cut the benchmark in Gm_decode_dn); Gm_prefill_dn's every candidate -> its table
  row (the same config as before, re-timed).
- run415 (`decode_dn.sh`): Gm_decode_dn beside the peers, both layouts -> h200/grouped_gemm.json.
- run416 (`gm_swiglu.sh`) and run417 (`sw_ab.sh`): Gm_prefill_gu/swiglu's table row -> 128 x 128
  group tiles, 5 stages, band 1 (run416's row; run417 is the A/B against the old row's config).

run413 (`narrow.sh`) ran a kernel that was not kept (`narrow_shifted_experiment.patch`): its
table rows are not merged (its `.tuning/` folders were removed in the review, so that
`benchmarks.merge_tuning` cannot take them; its JSONs keep every time)."""

import json
import pathlib

from benchmarks import _report
from benchmarks.grouped_gemm_configs import fastest_why
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
TITLE = "grouped GEMM (bf16 unless marked)"

AB = ("; against the previous row's config (128 x 256, 4 stages, band 1) 880.9 / 882.4 vs 927.7 / "
      "930.6 us in one process, 2 rounds (logs/session61/run417/sw_ab.log)")


def rows(run, name, shape, extra=""):
  """The one table row of `shape` that configs run `run` wrote ($OUT/NAME.tuning/), its reason
  rebuilt by the benchmark's own `fastest_why` from the run's records (the row's own reason
  predates it), plus `extra`."""
  got = [r for r in json.loads((HERE / run / f"{name}.tuning/nvidia_h200/grouped_gemm_pallas.json")
                               .read_text())["rows"] if r.get("shape") == shape]
  if len(got) != 1:
    raise SystemExit(f"{run}/{name}.tuning: one row of {shape} expected, got {len(got)}")
  ours = [r for r in records(f"{run}/{name}.json")
          if r["shape"] == shape and r["impl"].startswith("pallas/") and r.get("us")]
  return [dict(got[0], why=f"{fastest_why(shape, ours)} (session 61, logs/session61/{run}/{name}.json){extra}")]


def records(path):
  return json.loads((HERE / path).read_text())["records"]


def main():
  op = "grouped_gemm_pallas"
  print("wrote", tuning.write_rows(H200, op, rows("run414", "gm_dn", "Gm_prefill_dn")))
  print("wrote", tuning.write_rows(H200, op, rows("run416", "gm_sw", "Gm_prefill_gu/swiglu", AB)))
  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json", records("run414/bench_decode/h200/grouped_gemm.json"),
      note="session 61 run414 (logs/session61/): the decode rows DS_G16_m64_gu (bf16 and fp8), "
           "DS_G16_m32_dn and Gm_decode_gu beside their peers, both layouts", title=TITLE)
  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json", records("run415/bench_dn/h200/grouped_gemm.json"),
      note="session 61 run415 (logs/session61/decode_dn.sh): Gm_decode_dn beside its peers, both "
           "layouts", title=TITLE)


if __name__ == "__main__":
  main()
