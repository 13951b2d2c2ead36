#!/bin/bash
# Session 21, call 1: grouped-GEMM unit profile (Mosaic GPU profiler, 3-stage builds) on
# Gm_prefill_dn and Gm_decode_dn; ptxas report and SASS size of Gm_prefill_dn's kernel; the
# launch / load floor probe beside verify_burst (extend attention).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session21
E=benchmarks/results/logs/extend_attention_session21
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 100 python $E/floor_probe.py $OUT 2>&1 | grep -v "^[IW]11" | tee $OUT/floor_probe.log
timeout 250 python $D/profile_units.py $OUT Gm_prefill_dn,Gm_decode_dn 900 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_units.log
MOSAIC_GPU_DUMP_PTXAS=1 MOSAIC_GPU_DUMP_SASS=1 timeout 120 python $D/sass_dump.py Gm_prefill_dn > $OUT/sass_raw.txt 2>&1
grep -E "ptxas|spill|registers|===" $OUT/sass_raw.txt | tee $OUT/sass_summary.log
grep -cE "^\s+/\*[0-9a-f]{4}\*/" $OUT/sass_raw.txt | tee -a $OUT/sass_summary.log
grep -E "^\s+/\*[0-9a-f]{4,}\*/" $OUT/sass_raw.txt | tail -1 | tee -a $OUT/sass_summary.log
gzip -f $OUT/sass_raw.txt
