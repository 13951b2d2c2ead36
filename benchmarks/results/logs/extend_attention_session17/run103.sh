#!/bin/bash
# Session 17: seed benchmark beside the peers, prefill and verify (page sizes 16 and 1).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 500 python -m benchmarks.extend_attention --shapes seed --only prefill_long,prefill_chat,prefill_multi,verify_chat,verify_summ,verify_burst --page_sizes 16,1 --iters 20 --out $OUT/part1 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/seed1.log
