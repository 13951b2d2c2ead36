"""Builds benchmarks/results/h100/grouped_gemm.json from sessions 58 and 59's runs on one H100
(`python3 -m benchmarks.results.logs.grouped_gemm_session58.merge` from the repository root, no
device): the public op beside lax.ragged_dot, ragged_dot_mgpu, tokamax and (masked) the batched
dot, every PEERS.md §3 shape in its contiguous, masked and fp8 layouts: run397 (DS_G1_m1024
and DS_G4_m256, gate/up and down), run400 (Gm_decode), run401 (DS_G16); then the prefill shapes,
session 59 (logs/h100_tables_session59/): run402 (DeepSeek), run403 (Gemma). Prints the table
the benchmark prints."""

import json
import pathlib
import shutil

from benchmarks import _report

LOGS = pathlib.Path("benchmarks/results/logs/grouped_gemm_session58")
OUT = pathlib.Path("benchmarks/results/h100/grouped_gemm.json")
TITLE = "grouped GEMM on one H100 (bf16 unless marked)"


def records(run, logs=LOGS):
  return [dict(r, run=run) for r in json.loads((logs / run / "grouped_gemm.json").read_text())["records"]]


def main():
  OUT.parent.mkdir(parents=True, exist_ok=True)
  shutil.copy(LOGS / "run397" / "grouped_gemm.json", OUT)
  data = json.loads(OUT.read_text())
  data["records"] = records("run397")
  data["environment"]["note"] = (
      "session 58 run397 (one H100, public op beside the peers, --novariants): DS_G1_m1024 and "
      "DS_G4_m256. Its jaxkern:unwritten records of DS_G1_m1024_gu/masked and "
      "DS_G4_m256_gu/masked ran the XLA path before it skipped its zeroing pass under "
      "invalid_rows='unwritten' (after, run399's A/B in one process: 115.7 vs 122.6 us and "
      "123.6 vs 132.5, logs/grouped_gemm_session58/run399)")
  OUT.write_text(json.dumps(data, indent=1) + "\n")
  _report.replace_records(OUT, records("run400"), note="session 58 run400: Gm_decode_gu, Gm_decode_dn")
  _report.replace_records(OUT, records("run401"), note="session 58 run401: DS_G16_m64_gu, DS_G16_m32_dn")
  later = LOGS.parent / "h100_tables_session59"
  _report.replace_records(OUT, records("run402", later), note="session 59 run402: DS_prefill_G8_M8192_gu, "
                          "DS_prefill_G16_M16384_gu, DS_prefill_G16_M16384_dn")
  _report.replace_records(OUT, records("run403", later), note="session 59 run403: Gm_prefill_gu, Gm_prefill_dn",
                          title=TITLE)
  recs = json.loads(OUT.read_text())["records"]
  impls = list(dict.fromkeys(r["impl"] for r in recs))
  print(OUT, len(recs), "records")
  print(_report.table(recs, rate_key="tflops", baseline="jaxkern:auto", columns=impls))


if __name__ == "__main__":
  main()
