#!/bin/bash
# Session 29, call 8 (H200): the compiled HLO of the one-group XLA paths (hlo_dump.py).
export PYTHONPATH=$PWD:$PWD/tests
timeout 120 python benchmarks/results/logs/grouped_gemm_session29/hlo_dump.py 2>&1 | grep -v "^[IW]11"
