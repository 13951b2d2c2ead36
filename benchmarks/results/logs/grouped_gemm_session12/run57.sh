#!/usr/bin/env bash
# Session 12: the main grouped GEMM benchmark (public op + peers), decode/small shapes: contiguous,
# masked and fp8 (K-major weights).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
F='^[IW]11'
timeout 560 python -m benchmarks.grouped_gemm --novariants --iters 10 --only DS_G1_m1024_gu,DS_G1_m1024_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn --out $OUT/small 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/gg_main_small.log | grep "|\|done"
