#!/bin/bash
# Session 38, call 7: the public op on Gm_prefill_gu with the table's new config (128 x 128 group
# tiles, 6 stages, band 1) beside the peers (carried wheels), and its GPU tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 330 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 --only Gm_prefill_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -14 | tee $OUT/gm_gu_public.log
timeout 200 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "Gm_prefill_gu and (peers_shapes or half_tiles or group_tiles)" -p no:cacheprovider 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed" | tee $OUT/gpu_tests.log
