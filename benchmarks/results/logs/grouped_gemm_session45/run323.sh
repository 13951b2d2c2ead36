#!/bin/bash
# Session 45, call 4: the masked decode rows. DS_G16_m32_dn/masked (0.98x cuBLAS batched in
# session 41's run291) still has session 29's 64 x 256 row tiles, 4 stages, while its contiguous
# form and Gm_decode_dn/masked moved to 64 x 128 tiles with 5-6 stages in session 33; exact lhs
# boxes (session 44) beside them; the XLA path (cuBLAS batched) in the same process. Then exact
# boxes on the Gemma masked decode rows. Checked, 2 rounds.
A=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $A 300 m32dn 2 DS_G16_m32_dn/masked table xla n128s5=block_n:128,num_stages:5 \
  n128s6=block_n:128,num_stages:6 n128s6b1=block_n:128,num_stages:6,band:1 \
  ex=lhs_boxes:exact n128s6ex=block_n:128,num_stages:6,lhs_boxes:exact
bash $A 200 gmdec 2 Gm_decode_dn/masked,Gm_decode_gu/masked table ex=lhs_boxes:exact
