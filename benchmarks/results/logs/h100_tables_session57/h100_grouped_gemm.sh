#!/bin/bash
# Written in session 57, not yet run: the public grouped GEMM op beside its peers on one H100
# (every layout: contiguous, masked and fp8; --novariants), for benchmarks/results/h100/
# grouped_gemm.json (no one-H100 grouped GEMM table beside the peers exists yet; the H100
# kernel table of sessions 53-56 was timed against our XLA path only). Two calls, from the
# repository root, carry .peers:
#   bash benchmarks/results/logs/h100_tables_session57/h100_grouped_gemm.sh \
#     DS_G1_m1024_gu,DS_G1_m1024_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn
#   bash benchmarks/results/logs/h100_tables_session57/h100_grouped_gemm.sh \
#     DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn
# The JSON is written after each shape, so a run cut by its limit keeps the rows it finished.
# Merge the two into benchmarks/results/h100/grouped_gemm.json with
# benchmarks._report.replace_records (run named in the note).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
timeout $((${LIMIT:-585} - SECONDS)) python -m benchmarks.grouped_gemm --only "$1" --novariants --iters 20 \
  --out $OUT/gg 2>&1 | grep -Ev "$F" | tee $OUT/grouped_gemm.log | grep -E "^done|^\||Error" | cut -c1-220
cp $OUT/gg/*/grouped_gemm.json $OUT/ 2>/dev/null; rm -rf $OUT/gg
echo "elapsed $SECONDS s"
