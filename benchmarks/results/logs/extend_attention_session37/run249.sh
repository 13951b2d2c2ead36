#!/bin/bash
# Session 37, call 2 (run249): ab_flags.py direct (stage vs direct stores vs direct + unmask) on the staged
# verify / decode shapes; verify_burst's consumer timeline with both (the kept default).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session37
P=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
timeout 200 python $E/ab_flags.py $OUT verify_burst 3 direct 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_direct.log
mkdir -p $OUT/b; timeout 230 python $E/ab_flags.py $OUT/b verify_chat,hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k 1 direct 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_direct_b.log
timeout 80 python $P/profile_verify.py $OUT verify_burst 2>&1 | grep -v "^[IW]11" | grep -v "warn" | tee $OUT/profile_verify.log
