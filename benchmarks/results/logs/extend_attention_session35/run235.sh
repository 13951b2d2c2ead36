#!/bin/bash
# Session 35: swapped-operand tiles (swap_ab) beside the per-sequence tiles the table runs:
# every unsplit config of the verify / decode shapes, checked then timed in one process, the
# table updated with the fastest; then the GPU tests of the swapped tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 330 python -m benchmarks.extend_attention_configs --shapes all --only verify_burst,verify_chat,verify_summ,hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k --configs x1 --noxla --iters 20 --update-tuning --out $OUT/configs 2>&1 | grep -v "^[IW]11" | tail -60 | tee $OUT/configs.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/extend_attention_table.json
timeout 240 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k swapped 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/gpu_tests.log
