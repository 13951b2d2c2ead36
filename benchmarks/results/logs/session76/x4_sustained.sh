#!/bin/bash
# Session 76, on nvidia-h200-x4 (repository root): issue 5's tp 4 bar row K = 29568 with
# --sustain_s 2 (each path also dispatched back to back for 2 s after 2 s of rest, at the power
# cap: sustained_us), unfused beside n256/s4/in/d and n256/s4/in/d/t, the two in either order.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M8192_N8192_K29568
AB_FLAGS="--sustain_s 2"
source benchmarks/results/logs/session76/ab.sh
ab 4 n256/s4/in/d,n256/s4/in/d/t sus_a
ab 4 n256/s4/in/d/t,n256/s4/in/d sus_b
date +%T
