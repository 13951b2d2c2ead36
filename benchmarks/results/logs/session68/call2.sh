#!/bin/bash
# Session 68, second one-H200 call: session 67's h200_next.sh (the in-cluster lhs multicast
# streaming probe, then the GPU tests session 67 left).
bash benchmarks/results/logs/session67/h200_next.sh
