#!/bin/bash
# Session 26, call 6 (H200): the narrow last column tile run through the tail pieces' code (no
# other copy of the tile's code) A/B on the N = 1408 rows; the grouped-GEMM GPU tests of Gemma's
# rows and of group tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
G=benchmarks/results/logs/grouped_gemm_session26
mkdir -p $OUT/a $OUT/b
timeout 200 python $G/ab_narrow.py $OUT/a 2 Gm_prefill_gu,Gm_decode_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow2_a.log
timeout 80 python $G/ab_narrow.py $OUT/b 1 Gm_prefill_gu/swiglu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow2_b.log
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "(grouped_gemm_peers_shapes and Gm) or grouped_gemm_pallas_group_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_gg.log
