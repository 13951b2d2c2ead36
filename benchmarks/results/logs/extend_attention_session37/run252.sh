#!/bin/bash
# Session 37, call 5 (run252): the public op beside the peers on the verify / decode shapes
# with the session's kernel (records for benchmarks/results/h200/extend_attention*.json).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
mkdir -p $OUT/seed $OUT/hd128
timeout 330 python -m benchmarks.extend_attention --shapes seed --only verify_burst,verify_chat,verify_summ --page_sizes 16,1 --iters 20 --out $OUT/seed 2>&1 | grep -v "^[IW]11" | tail -20 | tee $OUT/bench_seed.log
timeout 200 python -m benchmarks.extend_attention --shapes hd128 --only hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/bench_hd128.log
