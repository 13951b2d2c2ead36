#!/bin/bash
# Session 38, call 6: 128 x 128 group tiles (no partial column tile, half tiles) on Gemma's
# gate/up against the table's 128 x 192; one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 400 python $R/gm_gu_configs.py $OUT Gm_prefill_gu 2 gm_gu_configs 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_gu_configs.log
