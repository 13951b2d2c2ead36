#!/bin/bash
# Session 31, call 2 (H200): the partials thread-interleaved as one store of the whole tile
# (run205 stored them 128 columns at a time and spilled 280 B) vs the tile's own layout, both
# with the zero units on the idle CTAs, two rounds; then the stream-K GPU tests of the DS_G1 /
# DS_G4 gate/up shapes (contiguous, masked, masked SwiGLU at the real sizes).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests MOSAIC_GPU_DUMP_PTXAS=1
D=benchmarks/results/logs/grouped_gemm_session31
mkdir -p $OUT/a
timeout 330 python $D/sk_exchange.py $OUT/a DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked \
  sk,sk:flat 2 > $OUT/a/full.log 2>&1
grep -v "^[IW]11" $OUT/a/full.log | grep -i -E "^r[01] |spill|Traceback|Error" | tee $OUT/sk_exchange_run206.log
unset MOSAIC_GPU_DUMP_PTXAS
timeout 240 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "test_grouped_gemm_pallas_stream_k and (DS_G1_m1024_gu or DS_G4_m256_gu)" \
  2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gpu_tests_sk_run206.log
