#!/bin/bash
# Session 77, on nvidia-h200-x2 (repository root): the whole tp 2 sweep again (all 23 shapes, one
# call of about 7 minutes), the fused configs in the reverse order of x2_sweep.sh (k4, t, d), so
# that each path has two wall-clock samples, one in either order, before the table's tp 2 rows
# are rebuilt (merge.py).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M256_N8192_K8192,M1024_N8192_K8192,M8192_N8192_K8192,M8192_N8192_K29568,M256_N4096_K4096,M256_N8192_K29568,M512_N4096_K4096,M512_N8192_K8192,M512_N8192_K29568,M1024_N4096_K4096,M1024_N8192_K29568,M4096_N4096_K2048,M4096_N4096_K8192,M2048_N4096_K4096,M2048_N8192_K8192,M2048_N8192_K29568,M4096_N4096_K4096,M4096_N8192_K8192,M4096_N8192_K29568,M8192_N4096_K4096,M16384_N4096_K4096,M16384_N8192_K8192,M16384_N8192_K29568
AB_LIMIT=570
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d/k4,n256/s4/in/d/t,n256/s4/in/d sweep_tp2_rev | tail -3
date +%T
