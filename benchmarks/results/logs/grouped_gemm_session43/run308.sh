#!/bin/bash
# Session 43, call 5: the public op after the group-tile lhs boxes and with lhs_scale_layout:
# the five fp8 PEERS.md §3 rows, each with MN-major lhs scales ("jaxkern:auto",
# lhs_scale_layout="km") and per-row ones ("jaxkern:auto[mk scales]"), beside ragged_dot_mgpu
# fp8; then Gemma prefill gate/up and down (bf16) beside ragged_dot_mgpu and tokamax (.peers
# carried). Checked, 20 iterations; the records replace those rows' in
# benchmarks/results/h200/grouped_gemm.json.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
timeout 330 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 \
  --out $OUT/public_fp8 2>&1 | grep -v "^[IW]11" | tail -16
timeout 230 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only Gm_prefill_gu,Gm_prefill_dn --out $OUT/public_gm 2>&1 | grep -v "^[IW]11" | tail -10
