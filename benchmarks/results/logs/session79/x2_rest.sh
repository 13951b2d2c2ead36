#!/bin/bash
# Ready for a later session, on nvidia-h200-x2 (repository root, about 3 minutes): the four tp 2
# sweep shapes that still have one run of session 78's six fused configs (run512) and whose table
# rows are session 77's: unfused beside the six in the reverse order (x2_sweep_c2.sh's REV=1), a
# second run for a merge like session79/merge.py's (run512 + this).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M4096_N4096_K8192,M2048_N4096_K4096,M2048_N8192_K29568,M4096_N4096_K4096
AB_LIMIT=300
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d/k4/c2,n256/s4/in/d/t/c2,n256/s4/in/d/c2,n256/s4/in/d/k4,n256/s4/in/d/t,n256/s4/in/d \
  sweep_c2_tp2_rest_rev
date +%T
