#!/bin/bash
# Session 30, call 8 (H200): with plan.MIN_STREAM_STEPS = 28 (run203), the masked DS_G1 / DS_G4
# gate/up tuning rows re-measured: stream-K group tiles vs the XLA path (--update-tuning).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/cfg
timeout 200 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers \
  --only DS_G4_m256_gu,DS_G1_m1024_gu --configs groups/sk --iters 10 --update-tuning --out $OUT/cfg \
  2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/masked_gu_configs_run204.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
