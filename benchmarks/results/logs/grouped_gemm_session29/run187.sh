#!/bin/bash
# Session 29, call 4 (H200): 128 x 128 group tiles (no padding columns on N = 1408) vs the
# table's 128 x 192 on Gm_prefill_gu (ab_tiles.py, 2 rounds).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
mkdir -p $OUT/tiles
timeout 400 python $D/ab_tiles.py $OUT/tiles 2 table,g128x128s4b1,g128x128s6b1,g128x128s6b8 \
  Gm_prefill_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_tiles_run187.log
