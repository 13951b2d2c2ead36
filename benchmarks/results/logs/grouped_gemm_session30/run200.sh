#!/bin/bash
# Session 30, call 4 (H200): sk_probe.py on DS_G1_m1024_gu/masked: column pieces vs stream-K vs
# stream-K with parts of the partial exchange stubbed out (now with jax.clear_caches() between
# builds), one round, each build's ptxas report (MOSAIC_GPU_DUMP_PTXAS=1) kept.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests MOSAIC_GPU_DUMP_PTXAS=1
D=benchmarks/results/logs/grouped_gemm_session30
timeout 400 python $D/sk_probe.py $OUT g256,sk,sk-add,sk-store-ticket-add 1 > $OUT/sk_probe_full_run200.log 2>&1
grep -v "^[IW]11" $OUT/sk_probe_full_run200.log | grep -i -E "^r[01] |wgmma|spill|registers|warning|error" | tee $OUT/sk_probe_run200.log
