#!/bin/bash
# Session 37, call 1: verify_burst's floor probe with inputs past L2 (floor_probe_hbm.py), with
# the SM clock sampled by nvidia-smi meanwhile; verify_burst's consumer timeline (session 22's
# profile_verify.py) for the same build.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session37
P=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.applications.graphics,clocks.mem --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu --format=csv,noheader -lms 100 > $OUT/clocks.csv &
SMI=$!
timeout 300 python $E/floor_probe_hbm.py $OUT 2>&1 | grep -v "^[IW]11" | tee $OUT/floor_probe_hbm.log
kill $SMI
timeout 120 python $P/profile_verify.py $OUT verify_burst 2>&1 | grep -v "^[IW]11" | grep -v "warn" | tee $OUT/profile_verify.log
