#!/bin/bash
# Session 17: seed benchmark beside the peers, chunks (page sizes 16 and 1); run102, then run105 with the list-schedule deal.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 570 python -m benchmarks.extend_attention --shapes seed --only chunk_8x512_p0,chunk_8x512_p512,chunk_16x1024_p0,chunk_16x1024_p1024,chunk_32x512_p0,chunk_32x512_p512 --page_sizes 16,1 --iters 20 --out $OUT/part2 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/seed2.log
