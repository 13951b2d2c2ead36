#!/bin/bash
# Session 57, call 2 (one GPU): the H100 has no extend attention table (the rule ran its formula
# in run394, and lost prefill_chat to cuDNN 34.0 vs 28.7 us, where the H200 table's per-sequence
# config runs 26.2). 1. Every candidate config on the shapes whose H200 table row differs from
# the H100 formula's pick (or where the H100 ran 0.84-0.99x of a peer), --update-tuning: rows of
# a new jaxkern/tuning/nvidia_h100_80gb_hbm3/extend_attention.json (copied to $OUT after each
# shape's row lands). 2. The public op beside the peers on the same shapes (page 16), reading
# that table, plus hd128_decode_8k (cut from run394 by its limit).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
S=prefill_chat,chunk_8x512_p512,chunk_32x512_p512,chunk_16x1024_p1024,prefill_long,hd128_verify_w1024,hd128_prefill_long
T=jaxkern/tuning/nvidia_h100_80gb_hbm3/extend_attention.json
timeout 330 python -m benchmarks.extend_attention_configs --shapes all --only $S --update-tuning \
  --iters 10 --out $OUT/cfg 2>&1 | grep -Ev "$F" > $OUT/configs.log
echo "configs rc ${PIPESTATUS[0]} at $SECONDS s"; cp $T $OUT/h100_extend_attention_table.json
cp $OUT/cfg/*/extend_attention_configs.json $OUT/ 2>/dev/null; rm -rf $OUT/cfg
python - <<'PY'
import json
for r in json.load(open("jaxkern/tuning/nvidia_h100_80gb_hbm3/extend_attention.json"))["rows"]:
  print(r["key"]["regime"], r["key"]["D"], r["key"]["B"], r["key"]["E"], r["key"]["T"], r["impl"], r.get("config"), round(r["us"], 1), r.get("xla_us"))
PY
timeout $((590 - SECONDS)) python -m benchmarks.extend_attention --shapes all --only $S,hd128_decode_8k \
  --page_sizes 16 --iters 20 --out $OUT/ea 2>&1 | grep -Ev "$F" | tee $OUT/extend_attention.log | grep -E "^\||Error" | cut -c1-200
echo "elapsed $SECONDS s"
