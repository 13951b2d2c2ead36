#!/bin/bash
# Session 67, second one-H200 call (repository root). First the GPU-test half of session 66's
# h200_next.sh (the N-edge test without its row-stores config, Gm_decode_dn's group-tiles test),
# then session 65's part ablations (`ablate_parts_experiment.patch`, device only; every ablation
# wrong by design, timed unchecked) on issue 4's fp8 decode row, DS_G16_m64_gu/fp8: call1's
# probe streamed its weights through the table's boxes and ring in 107.1 us, the kernel ran 131.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
timeout 330 python3 -m pytest -m gpu -v --tb=short tests/gpu/test_gpu_ops.py \
  -k "n_edge_k_major or group_tiles and Gm_decode_dn" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|^E |passed|failed" $OUT/gpu_tests.log | head -30
git apply benchmarks/results/logs/session65/ablate_parts_experiment.patch || exit 1
m=mosaic.ABLATE_MMA:true
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 parts_fp8 2 DS_G16_m64_gu/fp8 \
  table "loads=$m,check:false" "nolhs=$m,mosaic.ABLATE_LHS:true,check:false" \
  "nostores=$m,mosaic.ABLATE_STORES:true,check:false" \
  "nolhs_nostores=$m,mosaic.ABLATE_LHS:true,mosaic.ABLATE_STORES:true,check:false"
git apply -R benchmarks/results/logs/session65/ablate_parts_experiment.patch
