#!/bin/bash
# Session 41, call 4: GPU tests after invalid_rows="unwritten". As run, the -k expression also
# took extend attention's PEERS.md shapes (17) and the pallas / signals grouped GEMM tests (42):
# the 580 s timeout cut it after 33 passed (17 extend attention, 13 grouped GEMM peers shapes,
# 3 unwritten), none failed; its log holds only pytest's dots. run288 ran the rest that matters.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 580 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "unwritten or peers_shapes or signals" -p no:cacheprovider 2>&1 | tail -25 | tee $OUT/gpu_tests.log
