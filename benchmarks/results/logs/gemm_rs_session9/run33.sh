#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
for s in "8192 8192 8192 2" "8192 8192 29568 2" "4096 4096 8192 2"; do
timeout 120 python3 out/rs_split.py $s 2>&1 | grep -v "^[IW]11" | grep -v "^ \|^---\|^For simp" | tail -20 | tee -a $OUT/split.log
done
