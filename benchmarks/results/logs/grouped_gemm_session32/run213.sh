#!/bin/bash
# Session 32, call 3: fp8 stream-K. The fp8 configs of DS_G1_m1024_gu and DS_G4_m256_gu
# (contiguous, K-major weights): the table's config and the three stream-K candidates, each
# checked then timed, one process, --update-tuning; then the public op's fp8 rows beside
# ragged_dot_mgpu (fp8_peer_records) with the table as updated.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 330 python -m benchmarks.grouped_gemm_configs --fp8 --rhs_layout nk --layouts contiguous --nopeers --bands= --only DS_G1_m1024_gu,DS_G4_m256_gu --configs sk,m128/n192/s4/m/b8/k128,m64/n256/s4/n/b8/groups --iters 10 --update-tuning --out $OUT/configs 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/fp8_sk_configs.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 200 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 --only DS_G1_m1024_gu,DS_G4_m256_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/fp8_public.log
