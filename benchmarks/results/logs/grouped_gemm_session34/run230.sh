#!/bin/bash
# Session 34, call 6: the kernel's own search (search.patch + two_level.patch) vs the per-tile
# XLA plan on rows whose table config is contiguous rows tiles (DeepSeek SwiGLU G1 and prefill
# G8) and on Gemma prefill down (group tiles, 129 segments, long units), one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session34
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p0 plan.py < $OLDPWD/$R/two_level.patch && patch -s -R -p3 < $OLDPWD/$R/search.patch) || exit 1
timeout 480 python $R/ab_search.py $OUT DS_G1_m1024_gu/swiglu,DS_prefill_G8_M8192_gu/swiglu,Gm_prefill_dn 2 /tmp/before ab_search3 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_search3.log
