#!/usr/bin/env bash
# Session 12: the main grouped GEMM benchmark (public op + peers), prefill shapes; then bf16 weights
# [G, K, N] vs K-major on three shapes, the table's 128 x 256 config.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
F='^[IW]11'
timeout 400 python -m benchmarks.grouped_gemm --novariants --iters 10 --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn --out $OUT/prefill 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/gg_main_prefill.log | grep "|\|done"
for L in kn nk; do
timeout 80 python -m benchmarks.grouped_gemm_configs --nopeers --rhs_layout $L --layouts contiguous --iters 10 --configs m128/n256/s4/m --only DS_prefill_G16_M16384_gu,Gm_prefill_gu,DS_G16_m64_gu --out $OUT/bf16_$L 2>&1 | grep -v "$F" | grep "pallas/" | tee -a $OUT/bf16_layout_ab.log
done
