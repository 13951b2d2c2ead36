#!/bin/bash
# Session 28, call 4 (H200): row tiles dealt in snake order (every other round reversed) vs the
# kernel of 5519332, on the masked rows whose table config uses row tiles (bf16 decode rows and
# one fp8 row), one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session28
export OLD_MOSAIC=$D/old_mosaic.py    # git show 5519332:pallas_kernels/grouped_gemm/mosaic.py
mkdir -p $OUT/snake
timeout 500 python $D/ab_masked.py $OUT/snake 2 table,table:old \
  DS_G16_m32_dn/masked,Gm_decode_dn/masked,Gm_decode_gu/masked,DS_G16_m64_gu/masked,DS_G16_m64_gu/masked/fp8 \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_snake_run181.log
