#!/bin/bash
# Session 35: swapped tiles with the queries loaded from the 8-aligned row (run235: jax 0.11.2's
# layout inference refused TMA boxes at the sequence's unaligned first row). The GPU test on
# verify_burst first (traceback shown), then every unsplit config of the verify / decode shapes,
# checked then timed in one process (table updated on the device copy, fetched), then the
# other GPU tests of the swapped tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 120 python -m pytest -q -x -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "swapped and verify_burst" --tb=short 2>&1 | grep -v "^[IW]11" | grep -v "^ARG" | tail -40 | cut -c1-400 | tee $OUT/gpu_test_burst.log
grep -q "1 passed" $OUT/gpu_test_burst.log || exit 1
timeout 300 python -m benchmarks.extend_attention_configs --shapes all --only verify_burst,verify_chat,verify_summ,hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k --configs x1 --noxla --iters 20 --update-tuning --out $OUT/configs 2>&1 | grep -v "^[IW]11" | grep "|" | tee $OUT/configs.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/extend_attention_table.json
timeout 150 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "swapped and not verify_burst" 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gpu_tests.log
