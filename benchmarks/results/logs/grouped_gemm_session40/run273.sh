#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 2: why run272's 128 x 256 fp8 tiles ran 1.6-1.7x slower: ptxas report of the
# n256 build alone (C7515: serialized wgmma?), and DS_G1's failure note.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
V=n256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups
MOSAIC_GPU_DUMP_PTXAS=1 timeout 200 python $A $OUT n256 1 DS_G4_m256_gu/fp8,DS_G1_m1024_gu/fp8 $V > $OUT/n256.full.log 2>&1
grep -E "C75|spill|registers|^r[0-9]" $OUT/n256.full.log | sort | uniq -c | sort -rn | head -20
python - <<'P'
import json,os
for r in json.load(open(os.environ["OUT"] + "/n256.json"))["records"] if isinstance(json.load(open(os.environ["OUT"] + "/n256.json")), dict) else json.load(open(os.environ["OUT"] + "/n256.json")):
  print(r.get("shape"), r.get("us"), str(r.get("note"))[:1500])
P
