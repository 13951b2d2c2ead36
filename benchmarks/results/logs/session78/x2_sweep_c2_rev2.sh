#!/bin/bash
# Session 78, on nvidia-h200-x2 (repository root; a new lease, with the session's last ~6 minutes
# of device time): a second round, fused configs in the reverse order, of five more tp 2 shapes
# whose single run (run511-512) had a /c2 config fastest or close, so that their table rows can
# be rebuilt from two runs as run513's four were.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
SHAPES=M16384_N8192_K29568,M4096_N8192_K8192,M2048_N8192_K8192,M8192_N4096_K4096,M16384_N4096_K4096
AB_LIMIT=${AB_LIMIT:-250}
source benchmarks/results/logs/session76/ab.sh
ab 2 n256/s4/in/d/k4/c2,n256/s4/in/d/t/c2,n256/s4/in/d/c2,n256/s4/in/d/k4,n256/s4/in/d/t,n256/s4/in/d sweep_c2_tp2_rev2
date +%T
