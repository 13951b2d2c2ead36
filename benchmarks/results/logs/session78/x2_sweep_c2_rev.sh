#!/bin/bash
# Session 78, on nvidia-h200-x2 (repository root), after x2_sweep_c2.sh on the same lease: a
# second round of the four larger tp 2 shapes where the clusters' configs led, the fused configs
# in the reverse order.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M8192_N8192_K8192,M8192_N8192_K29568,M16384_N8192_K8192,M4096_N8192_K29568
AB_LIMIT=${AB_LIMIT:-420}
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d/k4/c2,n256/s4/in/d/t/c2,n256/s4/in/d/c2,n256/s4/in/d/k4,n256/s4/in/d/t,n256/s4/in/d sweep_c2_tp2_rev
date +%T
