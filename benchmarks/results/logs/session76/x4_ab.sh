#!/bin/bash
# Session 76, on nvidia-h200-x4 (repository root): issue 5's two bar shapes, unfused beside the
# table's fused config n256/s4/in/d and the same with split_tail (n256/s4/in/d/t), at tp 4 and
# tp 2 (GPUs 0 and 1), each tp twice with the two fused configs in either order. Results checked
# against the float32 reference before timing (the benchmark's own check); wall, span, CUPTI.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M8192_N8192_K8192,M8192_N8192_K29568
source benchmarks/results/logs/session76/ab.sh
ab 4 n256/s4/in/d,n256/s4/in/d/t tp4_a
ab 4 n256/s4/in/d/t,n256/s4/in/d tp4_b
date +%T
export CUDA_VISIBLE_DEVICES=0,1
ab 2 n256/s4/in/d,n256/s4/in/d/t tp2_a
ab 2 n256/s4/in/d/t,n256/s4/in/d tp2_b
date +%T
