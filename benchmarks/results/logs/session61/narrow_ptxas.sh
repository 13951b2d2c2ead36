#!/bin/bash
# Session 61, one H200 (repository root), the last call: why the narrow last column tile
# (run413) is slower. With `narrow_shifted_experiment.patch` applied on the device only, ptxas
# reports every build (spills, C75xx wgmma serialization) of Gm_prefill_gu on 128 x 256 group
# tiles, band 8, one round (session 20's ab_run.sh with PTXAS=1).
nvidia-smi --query-gpu=name --format=csv,noheader
git apply benchmarks/results/logs/session61/narrow_shifted_experiment.patch || exit 1
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 170 narrow_ptxas 1 Gm_prefill_gu \
  n256=block_n:256,num_stages:4,band:8
