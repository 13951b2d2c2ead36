#!/bin/bash
# Session 57, call 1 (one GPU, whichever comes): the public extend attention op beside the
# peers on every PEERS.md §1 shape and the head_dim 128 shapes, page sizes 16 and 1, one process
# (the first complete single-run table on the machines lent since session 51). The JSON is
# written after each shape, so a run cut by its limit keeps the rows it finished.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
timeout $((585 - SECONDS)) python -m benchmarks.extend_attention --shapes all --page_sizes 16,1 \
  --iters 20 --out $OUT/ea 2>&1 | grep -Ev "$F" | tee $OUT/extend_attention.log | grep -E "^done|^\||Error" | cut -c1-200
echo "elapsed $SECONDS s"
