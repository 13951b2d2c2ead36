#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh > $OUT/peers_install.log 2>&1
timeout 150 python3 -m pytest -m gpu -q tests/gpu/test_gpu_ops.py -k "group_tiles" -p no:cacheprovider 2>&1 | tail -4 | tee $OUT/tests.log
S=DS_G1_m1024_gu,DS_G1_m1024_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn
timeout 380 python3 -m benchmarks.grouped_gemm_configs --only $S --layouts contiguous --iters 10 --update-tuning --out $OUT 2>&1 | grep -v "^[IW]11" | tail -90 | tee $OUT/configs.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
