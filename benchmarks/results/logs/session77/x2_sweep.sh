#!/bin/bash
# Session 77, on nvidia-h200-x2 (repository root; run504 with STEP=1, run505 with STEP=2): the
# tp 2 sweep, unfused beside the table's n256/s4/in/d, n256/s4/in/d/t (split_tail) and
# n256/s4/in/d/k4 (tail_segments), in two calls of about 4 minutes each (STEP=1: the shapes of
# M <= 1024, the bar rows and M4096_N4096_K2048; STEP=2: the other 11), records only: session
# 76's x4_sweep.sh at TP=2. run503 ran the tests of all three at tp 2 first; merge.py rebuilds
# the table's tp 2 rows from these and run506's records.
TP=2 exec bash benchmarks/results/logs/session76/x4_sweep.sh
