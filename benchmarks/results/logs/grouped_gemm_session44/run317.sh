#!/bin/bash
# Session 44, call 6: the kernel built with unsafe_no_auto_barriers (mosaic.NO_AUTO_BARRIERS, an
# experiment flag then): Pallas then inserts no warpgroup barrier around each TMA copy, barrier
# arrival and shared-memory store; the experiment adds the two the kernel needs (after a chunk
# buffer's wait for its last store, before the tile ring's free arrival). On run315's evidence
# that the producer's per-step work is on Gemma prefill's critical path. Checked, one process
# each, 2 rounds.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 250 noauto_gmgu 2 \
  Gm_prefill_gu table auto=mosaic.NO_AUTO_BARRIERS:false
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 noauto_gmdn 2 \
  Gm_prefill_dn table auto=mosaic.NO_AUTO_BARRIERS:false
