#!/bin/bash
# Session 43's review, call 1: every tile loads its lhs rows only up to the last one its group
# needs (mosaic.ALL_BOXES: row tiles of the contiguous layout too, one box per group loop of a
# tile) vs boxes only for masked row tiles and group tiles ("old"), on the contiguous row-tile
# table rows: DeepSeek prefill gate/up with SwiGLU (16 groups) and DS_G1 down. Checked, one
# process, 2 rounds.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 400 allboxes 2 \
  DS_prefill_G16_M16384_gu/swiglu,DS_G1_m1024_dn table old=mosaic.ALL_BOXES:false
