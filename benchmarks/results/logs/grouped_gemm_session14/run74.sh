#!/bin/bash
# Session 14 E: a consumer with none of its rows in a group passes the ring slots on instead of
# multiplying (split "m": the half of a group's last tile past its end; rows tiles across a
# boundary). GPU tests of the kernel configs, then the prefill shapes beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 300 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -x -k "pallas_peers_shapes or group_tiles" 2>&1 | grep -v "^[IW]11" | tail -4 | tee $OUT/gpu_tests.log
timeout 280 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn \
  --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/gg_prefill.log
