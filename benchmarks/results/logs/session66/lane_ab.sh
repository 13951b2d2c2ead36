#!/bin/bash
# Session 66: jax 0.11 made Mosaic GPU's warpgroup lowering semantics Pallas's default (jax 0.10's
# is lane), so on the H200 the kernels have been lowered with warpgroup semantics, and on CPU (the
# CUDA-export tests) with lane. mosaic.SEMANTICS (this session's experiment flag) passes
# lowering_semantics explicitly: the table's configs with lane semantics against the default.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 420 lane 2 \
  Gm_decode_dn,DS_G16_m32_dn,Gm_prefill_gu,DS_G16_m64_gu/fp8,Gm_decode_gu table lane=mosaic.SEMANTICS:lane
