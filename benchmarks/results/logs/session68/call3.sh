#!/bin/bash
# Session 68, third one-H200 call: session 67's h200_next.sh (the in-cluster lhs multicast
# streaming probe, then the GPU tests session 67 left). (A one-second call before it, which ran
# call2.sh by mistake and was cut at once, produced nothing.)
bash benchmarks/results/logs/session67/h200_next.sh
