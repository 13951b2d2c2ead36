#!/bin/bash
# Session 31, call 3 (H200): run206 put the thread-interleaved partials 3.6 us ahead on DS_G1
# (full-tile stream-K units) and 3.6 us behind on DS_G4 (half-tile units), with more spills
# (284 / 956 B vs 52 / 224); here the sums 64 columns at a time (fewer live registers) for both
# layouts, one round.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests MOSAIC_GPU_DUMP_PTXAS=1
D=benchmarks/results/logs/grouped_gemm_session31
mkdir -p $OUT/a
timeout 400 python $D/sk_exchange.py $OUT/a DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked \
  sk,sk@64,sk:flat,sk:flat@64 1 > $OUT/a/full.log 2>&1
grep -v "^[IW]11" $OUT/a/full.log | grep -i -E "^r[01] |spill stores|Traceback|Error" | uniq | tee $OUT/sk_exchange_run207.log
