#!/bin/bash
# Session 45, call 6: the public op beside the peers on the two rows closest to their best peer
# (chunk_16x1024_p0: 1.001x cuDNN in run252's records; hd128_decode_8k: 0.99x cuDNN in run254).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
mkdir -p $OUT/seed $OUT/hd128
timeout 240 python -m benchmarks.extend_attention --shapes seed --only chunk_16x1024_p0 --page_sizes 16 --iters 20 --out $OUT/seed 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/bench_seed.log
timeout 200 python -m benchmarks.extend_attention --shapes hd128 --only hd128_decode_8k --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/bench_hd128.log
