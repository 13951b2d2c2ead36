#!/bin/bash
# Session 14 review: group tiles without the row select, metadata through _index.ragged_slots;
# GPU group-tile tests and a mixed-batch attention test (per-sequence tile list), then three
# shapes through the public op beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 330 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "group_tiles or kernel_configs_mixed" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error" | tee $OUT/gpu_tests.log
timeout 200 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn,Gm_prefill_dn --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gg_review.log
