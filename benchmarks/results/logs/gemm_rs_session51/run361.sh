#!/usr/bin/env bash
# Session 51 (issue 5), first multi-GPU call. On H200s (the bar's machine, never lent as x4 to
# this kernel before): session 50's run358 as it is (multi_gpu tests at tp 4, then the bar shapes
# at tp 4 and 2, unfused beside both fused forms, the H200 table's rows replaced). On H100s
# (where run358 already measured them): the tp 2 sweep instead (those rows date from session 49's
# kernel), unfused beside n256/s4/in/d, the H100 table's rows replaced.
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "$gpu"
if [[ "$gpu" == *H200* ]]; then
  bash benchmarks/results/logs/gemm_rs_session50/run358.sh
else
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
  export PYTHONPATH=$PWD:$PWD/tests
  F='^[IW][0-9]{4}'
  timeout ${LIMIT:-560} python3 -m benchmarks.gemm_reduce_scatter --tp 2 --shapes sweep \
    --update-tuning --fused_configs n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
  for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
  grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
  tail -2 $OUT/bench.log
fi
