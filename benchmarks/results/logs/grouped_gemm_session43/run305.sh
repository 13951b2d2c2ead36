#!/bin/bash
# Session 43, call 2: does the length of a weight tile's rows in memory matter on the memory-bound
# decode rows? bf16 weights [G, K, N] ("kn": a tile's TMA boxes read 64 N columns = 128 bytes of
# each K row, the tile's boxes back to back, so each row's 256-512 bytes come together) against
# the same weights K-major [G, N, K] ("/nk": one box, 128 bytes of K per N row, the next 128
# bytes a K step later), same config each (the kn table rows'). Checked, one process, 2 rounds.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 280 layout_g16 2 \
  DS_G16_m64_gu,DS_G16_m64_gu/nk \
  c=block_m:128,block_n:256,block_k:64,num_stages:4,split:m,band:1,tiles:groups
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 250 layout_gmd 2 \
  Gm_decode_gu,Gm_decode_gu/nk \
  c=block_m:64,block_n:128,block_k:64,num_stages:6,split:n,band:1,tiles:groups
