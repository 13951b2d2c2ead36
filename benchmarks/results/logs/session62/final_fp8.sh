#!/bin/bash
# Session 62, one H200 (repository root, `.peers` carried), on the final code (half tiles for
# fp8, one epilogue buffer where two do not fit, the table's DeepSeek fp8 prefill row at 5
# stages). STEP=tests: the fp8 GPU tests these change (the public op on the fp8 rows, and the
# kernel on 128 x 128 tiles: 4 stages with [G, K, N] weights, 6 stages K-major, both also as
# group tiles, which run half tiles). STEP=bench: the public op on the three fp8 rows these change
# (DeepSeek prefill, Gemma prefill, DS_G16_m64_gu) beside the peers (records for benchmarks/results/h200/grouped_gemm.json).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
if [ "$STEP" = tests ]; then
  timeout 420 python3 - <<'PY' 2>&1 | tail -4 | tee $OUT/gpu_tests.log
import re, subprocess, sys, pytest
listed = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-m", "gpu",
                         "-p", "no:cacheprovider", "tests/gpu/test_gpu_ops.py"],
                        capture_output=True, text=True).stdout.splitlines()
ids = [i for i in listed if re.search(r"test_grouped_gemm_fp8\[|test_grouped_gemm_pallas_fp8\[.*block_n=128,", i)]
print(len(ids), "tests", flush=True)
sys.exit(pytest.main(["-q", "-m", "gpu", "-p", "no:cacheprovider", *ids]))
PY
else
  with_peers
  timeout 420 python3 -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 \
    --only DS_prefill_G16_M16384_gu,Gm_prefill_gu,DS_G16_m64_gu --out $OUT/bench_fp8 2>&1 | grep -Ev "$F" > $OUT/bench_fp8.log
  grep -E "^\|" $OUT/bench_fp8.log
fi
