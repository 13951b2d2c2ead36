#!/bin/bash
# Session 14 F: GPU tests after the final grouped GEMM changes (pass_slots, zero segments):
# completion signals, fp8, SwiGLU, the public op on every PEERS.md §3 shape.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "signals or pallas_fp8 or pallas_swiglu or grouped_gemm_peers_shapes" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error" | tee $OUT/gpu_tests.log
