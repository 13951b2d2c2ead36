#!/usr/bin/env bash
# Session 10: head_dim 128 extend-attention benchmark with the peers (cuDNN, tokamax, XLA) after the re-tune.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > $OUT/peers_install.log 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
timeout 560 python3 -m benchmarks.extend_attention --shapes hd128 --page_sizes 16 --iters 20 --out $OUT/hd128 \
  2>&1 | grep -v "^[IW]11" > $OUT/hd128_bench.log; echo "rc=$?"
grep -v "^done" $OUT/hd128_bench.log | tail -45
