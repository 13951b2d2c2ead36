#!/bin/bash
# Session 39, call 1: fp8 piecewise promotion (mosaic.FP8_CHUNKED) against the whole-accumulator
# promotion on the fp8 rows, one process per row group, 2 rounds; ptxas reports kept for C7515
# (wgmma serialization) and spills. Needs fp8_chunked_experiment.patch applied. (As run, at
# e44ca13, this called the session's own ab_chunked.py, since folded into ab_configs.py's
# "mosaic.FLAG" keys: the same variants.)
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
F="^r[0-9]|C7515|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 200 python $A $OUT fp8_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true c128=block_n:128,mosaic.FP8_CHUNKED:true n128=block_n:128 > $OUT/fp8_small.full.log 2>&1
grep -E "$F" $OUT/fp8_small.full.log | sort | uniq -c | sort -rn | head -20
grep -E "^r[0-9]" $OUT/fp8_small.full.log | tee $OUT/fp8_small.log
timeout 170 python $A $OUT fp8_gm 2 Gm_prefill_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true 2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_gm.log
timeout 150 python $A $OUT fp8_ds 1 DS_prefill_G16_M16384_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true 2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_ds.log
