#!/bin/bash
# Session 34, call 7: the producer publishes each unit's tile to the consumers through a ring in
# shared memory (ring.patch: the search's dependent loads off the consumers' path; run230 put
# the consumers' own search at +4 to +10 us of kernel on the prefill rows) vs the per-tile XLA
# plan ("before": ring.patch, two_level.patch and search.patch reversed), one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session34
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R mosaic.py < $OLDPWD/$R/ring.patch && patch -s -R -p0 plan.py < $OLDPWD/$R/two_level.patch && patch -s -R -p3 < $OLDPWD/$R/search.patch) || exit 1
timeout 370 python $R/ab_search.py $OUT Gm_prefill_dn,Gm_decode_dn,DS_prefill_G8_M8192_gu/swiglu 2 /tmp/before ab_ring 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_ring.log
