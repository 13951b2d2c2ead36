#!/bin/bash
# Session 28, call 1 (H200): masked rows with the table config vs group tiles (zero-segment
# units dealt after the work, tail pieces up to 4), the same on the old kernel (5519332) and
# capped at 2 pieces, and the XLA path; the one tabled contiguous row whose tail now cuts 4.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session28
export OLD_MOSAIC=$D/old_mosaic.py    # git show 5519332:pallas_kernels/grouped_gemm/mosaic.py
mkdir -p $OUT/compute $OUT/decode $OUT/contig
timeout 280 python $D/ab_masked.py $OUT/compute 1 table,xla,g128,g128:old,g128:p2,g128x128 \
  DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_G1_m1024_dn/masked,DS_G4_m256_dn/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_masked_compute_run178.log
timeout 170 python $D/ab_masked.py $OUT/decode 1 table,g64n,g64n:old \
  DS_G16_m32_dn/masked,Gm_decode_dn/masked,Gm_decode_gu/masked,DS_G16_m64_gu/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_masked_decode_run178.log
timeout 110 python $D/ab_masked.py $OUT/contig 2 table,table:p2 DS_prefill_G8_M8192_gu \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_contig_run178.log
