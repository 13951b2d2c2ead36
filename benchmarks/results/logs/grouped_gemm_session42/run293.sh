#!/bin/bash
# Session 42, call 1: the SASS of the fp8 step. Applies session 40's
# fp8_promote_experiment_rebased.patch (on the device's copy only) and dumps the PTX and SASS of
# DS_G1_m1024_gu/fp8's builds: the table's kernel, "const" (the sums times a constant: no scale
# read in the step) and "rowonly" (the lhs row scales from the ring, no block scales), one round
# each (timed too: the const/rowonly ablations are wrong by design, unchecked).
git apply benchmarks/results/logs/grouped_gemm_session40/fp8_promote_experiment_rebased.patch || exit 1
so=$(python -c "import jaxlib, os; print(os.path.dirname(jaxlib.__file__))")
grep -rl --include=*.so MOSAIC_GPU_DUMP_TO "$so" /usr/local/lib/python3*/*-packages/jax_cuda13* 2>/dev/null | head -3
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
SASS=1 bash $B 240 sass_g1 1 DS_G1_m1024_gu/fp8 table const=$F:const,check:false rowonly=$F:rowonly,check:false
ls -la $OUT
git checkout pallas_kernels/grouped_gemm/mosaic.py
