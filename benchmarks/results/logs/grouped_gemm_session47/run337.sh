#!/bin/bash
# Session 47, call 2: masked decode rows on group tiles, their zero units (rows past masked_m)
# dealt after every work unit (as now) or spread between each CTA's work units
# (`mosaic.ZERO_SPREAD`, the experiment flag of zero_spread_experiment.patch), against the
# table's row tiles. 2 rounds, kernel us, checked (zeros included).
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 200 ds_dn_spread_run337 2 DS_G16_m32_dn/masked table grp=tiles:groups \
  grpS=tiles:groups,mosaic.ZERO_SPREAD:true \
  g128=block_n:128,num_stages:6,band:1,tiles:groups \
  g128S=block_n:128,num_stages:6,band:1,tiles:groups,mosaic.ZERO_SPREAD:true
bash $ab 200 gm_spread_run337 2 Gm_decode_dn/masked,Gm_decode_gu/masked table grp=tiles:groups \
  grpS=tiles:groups,mosaic.ZERO_SPREAD:true
bash $ab 150 ds_gu_spread_run337 2 DS_G16_m64_gu/masked table grp=tiles:groups \
  grpS=tiles:groups,mosaic.ZERO_SPREAD:true
