#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh > $OUT/peers_install.log 2>&1
S=DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn
timeout 330 python3 -m benchmarks.grouped_gemm_configs --only $S --layouts contiguous --iters 10 --update-tuning --out $OUT/prefill 2>&1 | grep -v "^[IW]11" | tail -45 | tee $OUT/prefill.log
timeout 200 python3 -m benchmarks.grouped_gemm_configs --layouts masked --nopeers --iters 10 --update-tuning --out $OUT/masked 2>&1 | grep -v "^[IW]11" | tail -45 | tee $OUT/masked.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
