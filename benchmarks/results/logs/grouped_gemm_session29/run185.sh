#!/bin/bash
# Session 29, call 2 (H200): column pieces loading only their rhs columns vs the whole tile
# (ab_pieces.py, 2 rounds): the one-and-a-bit-wave rows (DS_G1/G4 gate/up, masked and
# contiguous) on 128 x 256 group tiles, and the table configs of two prefill rows (every K step
# of a [K, N] rhs now also counts 7 plain barrier arrivals per part).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
export OLD_MOSAIC=$D/old_mosaic.py    # git show 17f6dd7:pallas_kernels/grouped_gemm/mosaic.py
mkdir -p $OUT/small $OUT/prefill
timeout 330 python $D/ab_pieces.py $OUT/small 2 g128,g128:old \
  DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_G1_m1024_gu,DS_G1_m1024_dn/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_pieces_small_run185.log
timeout 200 python $D/ab_pieces.py $OUT/prefill 2 table,table:old \
  DS_prefill_G8_M8192_gu,Gm_prefill_dn 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_pieces_prefill_run185.log
