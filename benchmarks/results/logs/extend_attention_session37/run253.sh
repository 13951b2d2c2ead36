#!/bin/bash
# Session 37, call 6 (run253): the verify / decode rows' configs re-measured on the session's
# kernel and written to the tuning table (--noxla: the XLA path's time carried over).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
mkdir -p $OUT/a $OUT/b
timeout 260 python -m benchmarks.extend_attention_configs --shapes hd128 --only hd128_decode_8k,hd128_verify_w1024,hd128_verify_4k --iters 20 --noxla --update-tuning --out $OUT/b 2>&1 | grep -v "^[IW]11" | tee $OUT/configs_hd128.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/extend_attention_table_b.json
timeout 200 python -m benchmarks.extend_attention_configs --shapes seed --only verify_burst,verify_chat,verify_summ --iters 20 --noxla --update-tuning --out $OUT/a 2>&1 | grep -v "^[IW]11" | tee $OUT/configs_seed.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/extend_attention_table.json
