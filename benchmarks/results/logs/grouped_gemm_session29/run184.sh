#!/bin/bash
# Session 29, call 1 (H200): the one-wave probe (wave_probe.py) on DS gate/up (N=4096, K=7168)
# and down (N=7168, K=2048) sizes; then Gm_prefill_gu's public op beside the peers (its record
# predates session 27's 128 x 192 group tiles).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
mkdir -p $OUT/gu $OUT/dn $OUT/peers
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm --format=csv
timeout 150 python $D/wave_probe.py $OUT/gu 1024,4096 4096 7168 2>&1 | grep -v "^[IW]11" | tee $OUT/wave_probe_gu_run184.log
timeout 100 python $D/wave_probe.py $OUT/dn 1024 7168 2048 2>&1 | grep -v "^[IW]11" | tee $OUT/wave_probe_dn_run184.log
bash benchmarks/install_peers.sh
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 200 python -m benchmarks.grouped_gemm --layouts contiguous \
  --novariants --iters 20 --only Gm_prefill_gu --out $OUT/peers 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/gg_peers_gm_prefill_gu_run184.log
