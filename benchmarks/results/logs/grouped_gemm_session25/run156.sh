#!/bin/bash
# Session 25, call 2: plan forms again (two with the per-tile segment count as elementally emitted
# reductions); the HBM ceilings; the kernel with the committed plan vs cum_split(2), one process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
L=benchmarks/results/logs/grouped_gemm_session25
timeout 150 python $L/meta_forms.py 2>&1 | grep -v "^[IW]11" | grep -v seed > $OUT/meta_forms.log
grep "committed\|cum_" $OUT/meta_forms.log | cut -c1-150
timeout 60 python $L/hbm_ceiling.py 2>&1 | grep -v "^[IW]11" | tee $OUT/hbm_ceiling.log
timeout 330 python $L/ab_meta.py $OUT 2 committed,cum_split,cum_split2 \
  DS_G16_m32_dn,Gm_decode_dn,Gm_decode_gu,DS_G16_m64_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_meta.log | tail -30
