#!/bin/bash
# Session 20, call 6 (run125: the A/B script failed to import the reference module; 4 of the GPU tests passed before the limit: gpu_tests_run125.log), call 7 (run126, as committed): per-unit plan scalars loaded ahead (_TileMeta) vs at each unit (commit
# 4c584cc's module, carried as out/mosaic_ref.py), 1 round interleaved on 10 rows; then GPU tests
# of the final code on every path the change touches (rows tiles, half tiles, signals, fp8).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session20
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 330 python $D/ab_prefetch.py $OUT \
  Gm_prefill_dn,Gm_prefill_gu,DS_prefill_G16_M16384_dn,DS_prefill_G8_M8192_gu,Gm_decode_dn,DS_G16_m32_dn,DS_G4_m256_dn,DS_G4_m256_gu,DS_G16_m64_gu/masked,Gm_prefill_gu/swiglu \
  1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_prefetch.log
timeout 220 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "(half_tiles and Gm_decode_dn) or (signals and DS_G16_m64_gu) or (pallas_fp8 and DS_G4_m256_gu)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
