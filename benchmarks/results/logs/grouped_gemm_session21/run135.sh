#!/bin/bash
# Session 21, call 9: the tile plan's offset inside vs after its reduction (meta_variants.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 200 python benchmarks/results/logs/grouped_gemm_session21/meta_variants.py $OUT DS_G16_m32_dn,Gm_decode_dn 2>&1 | grep -v "^[IW]11" | tee $OUT/meta_variants.log
