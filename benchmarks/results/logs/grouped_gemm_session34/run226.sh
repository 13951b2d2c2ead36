#!/bin/bash
# Session 34, call 2: count_sorted as two rounds of independent loads (two_level.patch) beside
# the binary search of run225 ("binary": two_level.patch reversed) and the per-tile XLA plan
# ("before": search.patch reversed too), one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session34
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/binary && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/binary/ && (cd /tmp/binary && patch -s -R -p0 plan.py < $OLDPWD/$R/two_level.patch) || exit 1
mkdir -p /tmp/before && cp /tmp/binary/*.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/search.patch) || exit 1
timeout 540 python $R/ab_search.py $OUT Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G1_m1024_gu 2 /tmp/before ab_search2 binary:/tmp/binary 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_search2.log
