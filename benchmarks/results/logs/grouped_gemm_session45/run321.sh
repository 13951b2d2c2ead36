#!/bin/bash
# Session 45, call 2: 2-CTA clusters (mosaic.PAIRS, an experiment flag): CTAs 2p and 2p + 1 run
# their units in lockstep and load the lhs tile of a row tile both run once, each half by TMA
# multicast into both CTAs' shared memory. Gemma prefill, checked, 2 rounds.
A=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $A 400 pairs_gm 2 Gm_prefill_gu,Gm_prefill_dn table pairs=mosaic.PAIRS:true
