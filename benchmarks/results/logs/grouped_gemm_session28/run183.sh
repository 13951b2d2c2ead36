#!/bin/bash
# Session 28, call 6 (H200): 128 x 256 group tiles on the masked compute rows, zero units after
# the work and pieces up to 4 (the working tree) vs the kernel of 5519332, 2 rounds; then GPU
# tests of row tiles (snake order) and group tiles at real sizes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session28
export OLD_MOSAIC=$D/old_mosaic.py    # git show 5519332:pallas_kernels/grouped_gemm/mosaic.py
mkdir -p $OUT/deal
timeout 230 python $D/ab_masked.py $OUT/deal 2 g128,g128:old \
  DS_G1_m1024_dn/masked,DS_G4_m256_gu/masked,DS_G4_m256_dn/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_deal_run183.log
timeout 240 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -p no:cacheprovider \
  -k "(test_grouped_gemm_pallas_peers_shapes and (DS_G16_m32_dn or Gm_decode_gu)) or (test_grouped_gemm_pallas_half_tiles and DS_G4_m256)" \
  2>&1 | tail -20 | tee $OUT/gpu_tests_run183.log
