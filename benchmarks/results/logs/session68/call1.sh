#!/bin/bash
# Session 68, first one-H200 call: session 67's g1_sk.sh (stream-K and group tiles on the
# single-group DeepSeek rows, about 4 minutes) then its power_gg.sh (Gemma / DeepSeek bf16
# prefill back to back with nvidia-smi sampling, limit 170 s).
bash benchmarks/results/logs/session67/g1_sk.sh
LIMIT=170 bash benchmarks/results/logs/session67/power_gg.sh
