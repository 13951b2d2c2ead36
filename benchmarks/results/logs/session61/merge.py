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
table rows are not merged."""

import json
import pathlib

from benchmarks import _report
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
TITLE = "grouped GEMM (bf16 unless marked)"

WHY = {
    "Gm_prefill_dn": "128 x 256 group tiles, 4 stages, band 2 (the previous row's config): 401.6 us "
                     "against 402.4 with band 8, 404.5 with band 1, 408.7 with exact lhs boxes, "
                     "428.7 for 128 x 192 and 467.2 for 128 x 128 (session 61, "
                     "logs/session61/run414/gm_dn.json: every candidate, one process)",
    "Gm_prefill_gu/swiglu": "128 x 128 group tiles, 5 stages, band 1: 878.0 us against 908.9 with "
                            "band 8 and 951.4 for 128 x 256, band 8 (session 61, "
                            "logs/session61/run416/gm_sw.json); against the previous row's config "
                            "(128 x 256, 4 stages, band 1) 880.9 / 882.4 vs 927.7 / 930.6 us in one "
                            "process, 2 rounds (run417/sw_ab.log)",
}


def rows(path, shape):
  got = [dict(r, why=WHY[shape]) for r in json.loads((HERE / path).read_text())["rows"]
         if r.get("shape") == shape]
  if len(got) != 1:
    raise SystemExit(f"{path}: one row of {shape} expected, got {len(got)}")
  return got


def records(path):
  return json.loads((HERE / path).read_text())["records"]


def main():
  op = "grouped_gemm_pallas"
  print("wrote", tuning.write_rows(H200, op, rows(
      "run414/gm_dn.tuning/nvidia_h200/grouped_gemm_pallas.json", "Gm_prefill_dn")))
  print("wrote", tuning.write_rows(H200, op, rows(
      "run416/gm_sw.tuning/nvidia_h200/grouped_gemm_pallas.json", "Gm_prefill_gu/swiglu")))
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
