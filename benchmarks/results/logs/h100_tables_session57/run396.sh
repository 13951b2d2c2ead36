#!/bin/bash
# Session 57, call 3 (one GPU, the session's last device minutes): H100 table rows for the two
# chunk shapes nearest their peer in run394-395 (chunk_16x1024_p1024 1.02x, chunk_8x512_p512
# 1.06x of tokamax): the formula's base config c2/kv64/s2 in each tile order, with and without
# the overlapped softmax (the H200 table's rows took the overlap), --update-tuning on top of
# run395's two rows (carried in the tree); then the public op beside the peers on both.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
S=chunk_8x512_p512,chunk_16x1024_p1024
timeout 200 python -m benchmarks.extend_attention_configs --only $S --configs c2/kv64/s2 \
  --update-tuning --iters 10 --out $OUT/cfg 2>&1 | grep -Ev "$F" > $OUT/configs.log
echo "configs rc ${PIPESTATUS[0]} at $SECONDS s"; grep -v "^$" $OUT/configs.log | cut -c1-120
cp jaxkern/tuning/nvidia_h100_80gb_hbm3/extend_attention.json $OUT/h100_extend_attention_table.json
cp $OUT/cfg/*/extend_attention_configs.json $OUT/ 2>/dev/null; rm -rf $OUT/cfg
timeout $((370 - SECONDS)) python -m benchmarks.extend_attention --only $S --page_sizes 16 \
  --iters 20 --out $OUT/ea 2>&1 | grep -Ev "$F" | tee $OUT/extend_attention.log | grep -E "^\||Error" | cut -c1-200
echo "elapsed $SECONDS s"
