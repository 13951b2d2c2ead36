#!/bin/bash
# Session 22, call 6: the final code's verify rows beside the peers (page sizes 16 and 1).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 400 python -m benchmarks.extend_attention --shapes seed --only verify_burst,verify_chat,verify_summ --page_sizes 16,1 --iters 20 --out $OUT/seed 2>&1 | grep -v "^[IW]11" | tail -20 | tee $OUT/seed_verify.log
