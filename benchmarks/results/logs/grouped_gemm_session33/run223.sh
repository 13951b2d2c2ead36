#!/bin/bash
# Session 33, call 7: masked row tiles load the lhs rows up to masked_m only (boxes.patch). The
# kernel before (boxes.patch reversed) vs after on the masked row-tile rows, one process, 2
# rounds (ab_meta.py ... ab_boxes); GPU tests: completion signals on Gm_decode_dn, the public
# op's masked rows on Gm_decode_gu and DS_G16_m64_gu.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/boxes.patch)
timeout 250 python $R/ab_meta.py $OUT Gm_decode_gu/masked,Gm_decode_dn/masked,DS_G16_m64_gu/masked,DS_G16_m32_dn/masked 2 /tmp/before ab_boxes 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_boxes.log
timeout 200 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(signals and Gm_decode_dn) or (test_grouped_gemm_peers_shapes and (Gm_decode_gu or DS_G16_m64))" 2>&1 | grep -v "^[IW]11" | tail -4 | tee $OUT/gpu_tests.log
