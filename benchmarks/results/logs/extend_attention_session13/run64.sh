#!/bin/bash
# Session 13: prefill_multi re-tune with the straddle-aware position order, then the seed
# benchmark with peers (first half of the shapes).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 120 python -m benchmarks.extend_attention_configs --shapes seed --only prefill_multi --configs global/c2/kv64/s2/ --noxla --update-tuning --iters 20 --out $OUT/retune 2>&1 | grep -v "^[IW]11" | tee $OUT/retune_multi.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/
timeout 440 python -m benchmarks.extend_attention --shapes seed --only prefill_long,prefill_chat,prefill_multi,verify_chat,verify_summ,verify_burst --page_sizes 16,1 --iters 20 --out $OUT/part1 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/seed1.log
