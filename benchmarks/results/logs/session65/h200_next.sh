#!/bin/bash
# Written in session 65, not yet run: for the next one-GPU call on an H200 (repository root,
# `.peers` carried). segment_stores="rows" (session 65, run446) on the rows run446's limits cut,
# the GPU tests that check it at real sizes (group tiles on every PEERS.md §3 shape of several
# groups; N not whole 64 columns, K-major), then the decode rows' public op beside the peers
# (their records predate it: Gm_decode_dn 129.9 us, 3.96 TB/s in run415). About 14 minutes.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 240 rows_rest 2 DS_G16_m64_gu/fp8,Gm_prefill_dn,DS_G16_m64_gu,DS_prefill_G16_M16384_gu \
  table rows=segment_stores:rows
# Row stores with wider column tiles: 64 x 256, each consumer's rows 128 columns (256 contiguous
# bytes) wide. Session 33 chose 64 x 128 over 64 x 256 with the register stores. The two rows'
# table configs have segment_stores="rows" since session 65: "swz" is the form before.
bash $ab 180 rows_n256 2 Gm_decode_dn,DS_G16_m32_dn table swz=segment_stores:swizzled \
  n256=block_n:256,num_stages:4,segment_stores:swizzled n256rows=block_n:256,num_stages:4
timeout 300 python3 -m pytest -m gpu -q tests/gpu/test_gpu_ops.py \
  -k "grouped_gemm_pallas_group_tiles or n_edge_k_major" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
tail -3 $OUT/gpu_tests.log
with_peers
timeout 300 python3 -m benchmarks.grouped_gemm --only Gm_decode_dn,DS_G16_m32_dn --layouts contiguous \
  --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "rc ${PIPESTATUS[0]}"
tail -6 $OUT/bench.log
# Last (it patches the kernel): `row_stage_experiment.patch` adds mosaic.ROW_STAGE: with row
# stores, a chunk's buffer gets only the segment's rows [lo, hi), by predicated stores (as
# extend attention's staged rows), not the whole chunk's 8-way-conflicting writes.
git apply benchmarks/results/logs/session65/row_stage_experiment.patch || exit 1
bash $ab 200 row_stage 2 Gm_decode_dn,DS_G16_m32_dn,Gm_prefill_gu table stage=mosaic.ROW_STAGE:true
