#!/bin/bash
# Session 38, call 3: ptxas reports of Gm_prefill_gu's kernel: no last-tile branch, the branch at
# the whole width, at 64 columns; 128 x 256 with and without half tiles / tail pieces.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
MOSAIC_GPU_DUMP_PTXAS=1 timeout 300 python $R/ptxas_last_cols.py > $OUT/ptxas_raw.txt 2>&1
awk '/=== variant/ {if (v) print v, "C7519 lines:", n; v=$3; n=0} /C7519/ {n++} /spill|Used [0-9]+ registers|serializ|C75[0-9][0-9]/ && !/C7519/ {print v, $0} END {print v, "C7519 lines:", n}' $OUT/ptxas_raw.txt | sort | uniq -c | tee $OUT/ptxas_summary.log
gzip -f $OUT/ptxas_raw.txt
