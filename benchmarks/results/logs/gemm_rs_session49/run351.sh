#!/usr/bin/env bash
# Session 49 (issue 5), last call: where the fused kernel's time goes on 8192^3 (K/tp 2048 at
# tp 4: 529 us of kernel against 345 for one rank's cuBLAS bf16 dot in run347/348) and on
# 8192 x 8192 x 29568 at tp 4 with the kept build (a padded only): the session-48 ablation script
# with no_push (no TMA store at all) beside remote / local stores, and both dots.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
AB=benchmarks/results/logs/gemm_rs_session48/ablate_push.py
timeout 110 python3 $AB remote,local_store,no_push,remote --shape 8192,8192,8192 --tp 4,2 \
  --out $OUT/k8192 2>&1 | grep -Ev "$F" | tee $OUT/ablate.log | grep "^tp=\|Error\|error" | cut -c1-220
timeout 80 python3 $AB no_push,local_store,remote --shape 8192,8192,29568 --tp 4 \
  --out $OUT/k29568 2>&1 | grep -Ev "$F" | tee -a $OUT/ablate.log | grep "^tp=\|Error\|error" | cut -c1-220
