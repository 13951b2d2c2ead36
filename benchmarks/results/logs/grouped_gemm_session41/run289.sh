#!/bin/bash
# Session 41, call 6: configs for invalid_rows="unwritten" on the two DeepSeek masked decode
# rows (DS_G16_m64_gu 0.99x the batched dot in run286): the table's config with zeros ("table")
# and unwritten ("uw"), group tiles (no zero segments dealt; half tiles), group tiles with
# stream-K (the masked G1/G4 gate/up rows' pick), 4 stages. Checked (uw*: valid rows only).
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
U=invalid_rows:unwritten
bash $B 400 uw_ds 3 DS_G16_m64_gu/masked,DS_G16_m32_dn/masked table uw=$U uw_s4=$U,num_stages:4 uw_g=$U,tiles:groups uw_gsk=$U,tiles:groups,stream_k:true,sk_partials:lanes
