#!/bin/bash
# Session 23, call 3: half tiles / tail pieces on-off A/B on prefill rows; ptxas reports of
# Gm_prefill_gu's kernel per variant (+ narrow_last on).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session23
MOSAIC_GPU_DUMP_PTXAS=1 timeout 200 python $D/ab_paths.py ptxas Gm_prefill_gu > $OUT/ptxas_raw.txt 2>&1
awk '/=== variant/ {if (v) print v, "C7519 lines:", n; v=$3; n=0} /C7519/ {n++} /spill|Used [0-9]+ registers/ {print v, $0} END {print v, "C7519 lines:", n}' $OUT/ptxas_raw.txt | tee $OUT/ptxas_summary.log
gzip -f $OUT/ptxas_raw.txt
timeout 330 python $D/ab_paths.py $OUT Gm_prefill_gu,Gm_prefill_dn,DS_prefill_G8_M8192_gu 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_paths.log
