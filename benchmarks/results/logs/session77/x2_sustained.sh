#!/bin/bash
# Session 77, on nvidia-h200-x2 (repository root): the two bar shapes at tp 2, unfused beside
# n256/s4/in/d, /t and /k4, each path also dispatched back to back for 2 s (--sustain_s 2: the
# GPUs at their power cap), for the table's new tp 2 configs (/t on 8192^3, /k4 on K = 29568).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M8192_N8192_K8192,M8192_N8192_K29568
AB_LIMIT=${AB_LIMIT:-250} AB_FLAGS="--sustain_s 2"
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4 sus_tp2
date +%T
