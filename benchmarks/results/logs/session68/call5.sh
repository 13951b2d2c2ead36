#!/bin/bash
# Session 68, fifth one-H200 call: session 63's g1_configs.sh again (DS_G1_m1024_dn's kernel
# candidates beside our XLA path, lax.ragged_dot, in one process; the table row written to $OUT
# only). On this session's machine the table's kernel config took 45.3-45.6 us (run458's A/B)
# and the public op / lax.ragged_dot 46.9 / 47.7 (its benchmark, another process); session 63's
# machine had 45.8 against 45.6, so the rule keeps the XLA path there.
bash benchmarks/results/logs/session63/g1_configs.sh
