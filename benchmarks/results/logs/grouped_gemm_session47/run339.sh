#!/bin/bash
# Session 47, call 4 (needs lag_experiment.patch): Gemma prefill bf16 (636 / 646 TFLOP/s vs the
# 650 bar, run308) with consumer 1 held back at the start until consumer 0 has finished LAG K
# steps (`mosaic.LAG`), so that the two consumers' unit ends (drain, epilogue) fall at
# different times and the other consumer's wgmmas keep the tensor cores busy through them.
# 2 rounds, kernel us, checked. (The flag deadlocks a CTA whose consumer 0 runs no K step:
# not so on these rows.)
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 520 gm_lag_run339 2 Gm_prefill_dn,Gm_prefill_gu table lag1=mosaic.LAG:1 lag2=mosaic.LAG:2
