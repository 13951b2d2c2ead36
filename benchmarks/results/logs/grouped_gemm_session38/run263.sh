#!/bin/bash
# Session 38, call 9: Gm_prefill_gu's earlier 128 x 192 row against 128 x 128 with 5 and 6 stages
# in one process (2 rounds, first on the fresh GPU); then the public op on Gemma prefill with the
# table's new rows (gate/up 128 x 128 s5 b1, down 128 x 256 s4 b2) beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
R=benchmarks/results/logs/grouped_gemm_session38
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
PYTHONPATH=$PWD:$PWD/tests timeout 200 python $R/gm_configs.py $OUT Gm_prefill_gu/3 2 gm_gu_configs3 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_gu_configs3.log
bash benchmarks/install_peers.sh > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 330 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 --only Gm_prefill_gu,Gm_prefill_dn --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gm_public.log
