#!/bin/bash
# Session 76, on nvidia-h200-x4 (repository root): x4_ab.sh's A/B at tp 4 over every M of the
# (N, K) = (8192, 29568) sweep from 1024 up, unfused beside n256/s4/in/d and n256/s4/in/d/t, the
# two fused configs in either order.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M1024_N8192_K29568,M2048_N8192_K29568,M4096_N8192_K29568,M8192_N8192_K29568,M16384_N8192_K29568
source benchmarks/results/logs/session76/ab.sh
ab 4 n256/s4/in/d,n256/s4/in/d/t k29568_a
ab 4 n256/s4/in/d/t,n256/s4/in/d k29568_b
date +%T
