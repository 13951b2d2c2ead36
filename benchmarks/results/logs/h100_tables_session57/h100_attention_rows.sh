#!/bin/bash
# Written in session 57, not yet run: more rows of the H100's attention table (session 57 has
# four, run395-396), from the repository root on one H100, carry .peers. $1: a comma list of
# PEERS.md §1 / head_dim 128 shape names (run395 measured two shapes' every candidate in about
# 150 s; verify shapes have 12-15 candidates), e.g. first
#   verify_chat,verify_summ,verify_burst,hd128_verify_4k  then
#   hd128_verify_w1024,hd128_decode_8k,chunk_32x512_p512,prefill_multi
# Every candidate of each shape, --update-tuning (a row lands after each shape; the table is
# copied to $OUT), then the public op beside the peers on the same shapes (page 16) with the
# time left; merge its records into benchmarks/results/h100/extend_attention{,_hd128}.json
# (extend merge.py's run list). Since session 60 $OUT/tuning/ holds only the rows the sweep
# wrote: `python -m benchmarks.merge_tuning <run folder>` merges them into jaxkern/tuning/.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 360 python -m benchmarks.extend_attention_configs --shapes all --only "$1" --update-tuning \
  --iters 10 --out $OUT/cfg 2>&1 | grep -Ev "$F" > $OUT/configs.log
echo "configs rc ${PIPESTATUS[0]} at $SECONDS s"; grep -v "^$" $OUT/configs.log | cut -c1-120
cp jaxkern/tuning/nvidia_h100_80gb_hbm3/extend_attention.json $OUT/h100_extend_attention_table.json
cp $OUT/cfg/*/extend_attention_configs.json $OUT/ 2>/dev/null
cp -r $OUT/cfg/tuning $OUT/ 2>/dev/null   # since session 60: only the rows this run wrote
rm -rf $OUT/cfg
timeout $((585 - SECONDS)) python -m benchmarks.extend_attention --shapes all --only "$1" \
  --page_sizes 16 --iters 20 --out $OUT/ea 2>&1 | grep -Ev "$F" | tee $OUT/extend_attention.log | grep -E "^\||Error" | cut -c1-200
cp $OUT/ea/*/extend_attention.json $OUT/ 2>/dev/null; rm -rf $OUT/ea
echo "elapsed $SECONDS s"
