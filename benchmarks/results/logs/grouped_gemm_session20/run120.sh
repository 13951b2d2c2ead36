#!/bin/bash
# Session 20, call 1 (run120: failed to compile, layout inference), call 2 (run121: offsets marked multiple_of, 1 round): deferred stores (each unit's stores under the next unit's first K step) vs
# inline, on the 11 multi-group contiguous shapes + the group-tile SwiGLU rows; 2 rounds interleaved.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session20
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 560 python $D/ab_deferred.py $OUT \
  Gm_prefill_dn,Gm_prefill_gu,DS_prefill_G16_M16384_dn,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,Gm_decode_gu,Gm_decode_dn,DS_G16_m32_dn,DS_G16_m64_gu,DS_G4_m256_dn,DS_G4_m256_gu,Gm_prefill_gu/swiglu,Gm_decode_gu/swiglu \
  1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_deferred.log
