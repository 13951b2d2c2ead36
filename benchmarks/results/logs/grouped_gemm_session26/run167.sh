#!/bin/bash
# Session 26, call 4 (H200): narrow last column tile A/B on the N = 1408 rows (Gemma gate/up),
# the public op beside the peers on them, then the Gemma rows' GPU tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
G=benchmarks/results/logs/grouped_gemm_session26
mkdir -p $OUT/a $OUT/b
timeout 250 python $G/ab_narrow.py $OUT/a 2 Gm_prefill_gu,Gm_prefill_gu/swiglu,Gm_decode_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow_a.log
timeout 60 python $G/ab_narrow.py $OUT/b 1 Gm_decode_gu/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow_b.log
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 150 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only Gm_prefill_gu,Gm_decode_gu --out $OUT/gg 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_gm_gu.log | tail -12
timeout 100 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "grouped_gemm_peers_shapes and Gm" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_gm.log
