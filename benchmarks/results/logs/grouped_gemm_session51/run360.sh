#!/bin/bash
# Session 51, call 1 (needs store_spacing_experiment.patch): the deferred stores' spacing (K steps
# between a waiting tile's 64-column chunk stores under the next unit; FLUSH_SPACING = 2 now)
# against 1, 3, 4 and spread evenly over the unit (`_mgpu.spread_spacing`, -1), which took
# 5-11% off the fused GEMM + reduce-scatter's span (session 50). Gemma prefill (the 650 TFLOP/s
# bar: 636 / 646 committed, 650 / 657 in run339), DeepSeek prefill and decode group-tile rows.
# 2 rounds, kernel us, checked.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv
bash $ab 560 spacing_run360 2 Gm_prefill_dn,Gm_prefill_gu,DS_prefill_G16_M16384_gu,DS_G16_m64_gu \
  table s1=mosaic.STORE_SPACING:1 s3=mosaic.STORE_SPACING:3 s4=mosaic.STORE_SPACING:4 \
  spread=mosaic.STORE_SPACING:-1
