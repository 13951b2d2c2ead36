#!/bin/bash
# Session 21, call 8: group_tiles with truncating divisions (lax.div) instead of floor division:
# the XLA kernels of the public op (optimized HLO's ENTRY) and the four decode rows beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 120 python benchmarks/results/logs/grouped_gemm_session21/hlo_meta.py $OUT DS_G16_m32_dn,Gm_decode_dn 2>&1 | grep -v "^[IW]11"
for f in $OUT/hlo_*.txt; do echo "== $f"; sed -n '/^ENTRY/,/^}/p' $f | grep -oE "^\s+%[a-z_.0-9-]+ = [a-z0-9]+\[[0-9,]*\]" ; done | tee $OUT/hlo_entry.log
timeout 330 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu \
  --out $OUT/gg3 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_decode.log | tail -8
