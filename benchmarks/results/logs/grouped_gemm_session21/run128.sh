#!/bin/bash
# Session 21, call 2: deferred stores spread one chunk per K step (working tree) vs all after
# the first step (commit 822ad0b, out/*_ref.py) on the four prefill rows, 1 round interleaved;
# then the unit profile of the new code on Gm_prefill_dn (3 stages).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session21
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 330 python $D/ab_spread.py $OUT Gm_prefill_dn,DS_prefill_G16_M16384_dn,Gm_prefill_gu,DS_prefill_G8_M8192_gu 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_spread_prefill.log
timeout 150 python $D/profile_units.py $OUT Gm_prefill_dn 900 2>&1 | grep -v "^[IW]11" | grep -v Warn | tee $OUT/profile_units_spread.log
