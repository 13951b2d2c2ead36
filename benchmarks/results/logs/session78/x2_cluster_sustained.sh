#!/bin/bash
# Session 78, on nvidia-h200-x2 (repository root): the two bar shapes at tp 2, unfused beside
# the table's fused configs (/t, /k4) and the same with 2-CTA clusters (/c2), each path also
# dispatched back to back for 2 s (--sustain_s 2: the GPUs at their power cap).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M8192_N8192_K8192,M8192_N8192_K29568
AB_LIMIT=${AB_LIMIT:-560} AB_FLAGS="--sustain_s 2"
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d/t,n256/s4/in/d/t/c2,n256/s4/in/d/k4,n256/s4/in/d/k4/c2,n256/s4/in/d/c2 sus_c2
date +%T
