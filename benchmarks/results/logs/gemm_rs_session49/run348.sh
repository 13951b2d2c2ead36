#!/usr/bin/env bash
# Session 49 (issue 5): the sweep again with the unfused path's dot giving bf16 itself (run347)
# and a-only padding of partial K shards (run346): unfused, n256/s4/in and n256/s4/in/d on every
# swept shape at one tp (TP=4: run348; TP=2 with ONLY=shapes LIMIT=380: run349, the tp = 2 rows
# whose fused margin was under 1.10 and the bar shapes), table rows replaced (--update-tuning).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
TP=${TP:-4}
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout ${LIMIT:-570} python3 -m benchmarks.gemm_reduce_scatter --tp $TP --shapes sweep --update-tuning ${ONLY:+--only $ONLY} \
  --fused_configs n256/s4/in,n256/s4/in/d --iters 10 --out $OUT/sweep 2>&1 | grep -Ev "$F" > $OUT/sweep.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/sweep.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
tail -3 $OUT/sweep.log
